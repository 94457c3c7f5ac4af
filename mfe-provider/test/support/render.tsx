import { createRouteRenderer } from '@utsav/contracts/testing';
import InboxPage from '../../src/pages/Inbox';
import JoinPage from '../../src/pages/Join';
import CalendarPage from '../../src/pages/Calendar';
import ProviderBookingsPage from '../../src/pages/ProviderBookings';
import ProviderBookingPage from '../../src/pages/ProviderBooking';
import EnquiriesPage from '../../src/pages/Enquiries';
import EnquiryPage from '../../src/pages/Enquiry';
import MessagesPage from '../../src/pages/Messages';
import ThreadPage from '../../src/pages/Thread';
import EarningsPage from '../../src/pages/Earnings';
import ProviderReviewsPage from '../../src/pages/ProviderReviews';

export { currentLocation, currentQuery } from '@utsav/contracts/testing';

/** Renders the provider pages on their real paths, with stand-ins for where they lead. */
export const renderRoute = createRouteRenderer({
  remote: 'provider',
  pages: {
    './Inbox': InboxPage,
    './Join': JoinPage,
    './Calendar': CalendarPage,
    './ProviderBookings': ProviderBookingsPage,
    './ProviderBooking': ProviderBookingPage,
    './Enquiries': EnquiriesPage,
    './Enquiry': EnquiryPage,
    './Messages': MessagesPage,
    './Thread': ThreadPage,
    './Earnings': EarningsPage,
    './ProviderReviews': ProviderReviewsPage,
  },
  elsewhere: { '/account': 'My Account page', '/': 'Home page' },
});
