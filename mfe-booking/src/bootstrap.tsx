import { renderStandalone } from '@utsav/contracts/standalone';

renderStandalone('booking', {
  SlotSelection: () => import('./pages/SlotSelection'),
  MyBookings: () => import('./pages/MyBookings'),
});
