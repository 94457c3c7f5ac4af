import { createRouteRenderer } from '@utsav/contracts/testing';
import MyBookingsPage from '../../src/pages/MyBookings';
import SlotSelectionPage from '../../src/pages/SlotSelection';
import PlansPage from '../../src/pages/Plans';
import PlanDetailPage from '../../src/pages/PlanDetail';
import PlanBudgetPage from '../../src/pages/PlanBudget';
import PlanChecklistPage from '../../src/pages/PlanChecklist';
import ShortlistPage from '../../src/pages/Shortlist';
import ComparePage from '../../src/pages/Compare';
import EnquiriesPage from '../../src/pages/Enquiries';
import AskQuotePage from '../../src/pages/AskQuote';
import SharedPlanPage from '../../src/pages/SharedPlan';
import MessagesPage from '../../src/pages/Messages';
import ThreadPage from '../../src/pages/Thread';

export { currentLocation } from '@utsav/contracts/testing';

/** Renders the booking pages on their real paths, with stand-ins for where they lead. */
export const renderRoute = createRouteRenderer({
  remote: 'booking',
  pages: {
    './SlotSelection': SlotSelectionPage,
    './MyBookings': MyBookingsPage,
    './Plans': PlansPage,
    './PlanDetail': PlanDetailPage,
    './PlanBudget': PlanBudgetPage,
    './PlanChecklist': PlanChecklistPage,
    './Shortlist': ShortlistPage,
    './Compare': ComparePage,
    './Enquiries': EnquiriesPage,
    './AskQuote': AskQuotePage,
    './SharedPlan': SharedPlanPage,
    './Messages': MessagesPage,
    './Thread': ThreadPage,
  },
  elsewhere: { '/bookings/order_summary': 'Order summary page', '/services': 'Search page', '/': 'Home page', '/service/:serviceId': 'Service page' },
});
