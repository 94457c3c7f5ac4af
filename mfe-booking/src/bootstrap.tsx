import { renderStandalone } from '@utsav/contracts/standalone';

renderStandalone('booking', {
  SlotSelection: () => import('./pages/SlotSelection'),
  MyBookings: () => import('./pages/MyBookings'),
  Plans: () => import('./pages/Plans'),
  PlanDetail: () => import('./pages/PlanDetail'),
  Shortlist: () => import('./pages/Shortlist'),
  Compare: () => import('./pages/Compare'),
});
