import { createRouteRenderer } from '@utsav/contracts/testing';
import CartPage from '../../src/pages/Cart';
import CheckoutPage from '../../src/pages/Checkout';
import OrderSummaryPage from '../../src/pages/OrderSummary';
import PaymentStatusPage from '../../src/pages/PaymentStatus';

export { currentLocation, currentQuery, currentState } from '@utsav/contracts/testing';

/** Renders the checkout pages on their real paths, with stand-ins for where they lead. */
export const renderRoute = createRouteRenderer({
  remote: 'checkout',
  pages: { './Cart': CartPage, './Checkout': CheckoutPage, './OrderSummary': OrderSummaryPage, './PaymentStatus': PaymentStatusPage },
  elsewhere: { '/bookings': 'My Bookings page', '/services': 'Search page', '/': 'Home page' },
});
