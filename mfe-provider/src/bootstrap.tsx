import { renderStandalone } from '@utsav/contracts/standalone';

renderStandalone('provider', {
  Inbox: () => import('./pages/Inbox'),
  Join: () => import('./pages/Join'),
  Calendar: () => import('./pages/Calendar'),
  ProviderBookings: () => import('./pages/ProviderBookings'),
  ProviderBooking: () => import('./pages/ProviderBooking'),
  Enquiries: () => import('./pages/Enquiries'),
  Enquiry: () => import('./pages/Enquiry'),
  Messages: () => import('./pages/Messages'),
  Thread: () => import('./pages/Thread'),
  Earnings: () => import('./pages/Earnings'),
  ProviderReviews: () => import('./pages/ProviderReviews'),
});
