import { createRouteRenderer } from '@utsav/contracts/testing';
import MyBookingsPage from '../../src/pages/MyBookings';
import SlotSelectionPage from '../../src/pages/SlotSelection';

export { currentLocation } from '@utsav/contracts/testing';

/** Renders the booking pages on their real paths, with stand-ins for where they lead. */
export const renderRoute = createRouteRenderer({
  remote: 'booking',
  pages: { './SlotSelection': SlotSelectionPage, './MyBookings': MyBookingsPage },
  elsewhere: { '/bookings/order_summary': 'Order summary page', '/services': 'Search page', '/': 'Home page' },
});
