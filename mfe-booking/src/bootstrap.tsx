import { renderStandalone } from '@utsav/contracts/standalone';

renderStandalone('booking', {
  SlotSelection: () => import('./pages/SlotSelection'),
  MyBookings: () => import('./pages/MyBookings'),
  Plans: () => import('./pages/Plans'),
  PlanDetail: () => import('./pages/PlanDetail'),
  PlanBudget: () => import('./pages/PlanBudget'),
  PlanChecklist: () => import('./pages/PlanChecklist'),
  Shortlist: () => import('./pages/Shortlist'),
  Enquiries: () => import('./pages/Enquiries'),
  AskQuote: () => import('./pages/AskQuote'),
  Compare: () => import('./pages/Compare'),
  SharedPlan: () => import('./pages/SharedPlan'),
  Messages: () => import('./pages/Messages'),
  Thread: () => import('./pages/Thread'),
});
