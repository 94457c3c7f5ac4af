import { PAGE_ROUTES, paths, routesOf } from '../src/domain/routes';

describe('route table', () => {
  it("holds every route of the spec, the provider's side (issue 36) and wedding plans (issue 37)", () => {
    expect(PAGE_ROUTES.filter((r) => r.remote !== 'provider').map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/services',
        '/service/:serviceId',
        '/service/:serviceId/menu',
        '/service/:serviceId/menu/details/:menuId',
        '/service/slots',
        '/cart',
        '/checkout',
        '/bookings',
        '/bookings/order_summary',
        '/account',
        '/payment-status',
        '/login',
        '/onboarding',
        '/terms',
        '/privacy',
        '/plans',
        '/plans/:planId',
        '/plans/:planId/budget',
        '/plans/:planId/checklist',
        '/shortlist',
        '/shortlist/compare',
        '/enquiries',
        '/enquiries/new',
        '/shared/plan/:token',
        '/messages',
        '/messages/:kind/:threadId',
      ].sort(),
    );
    expect(PAGE_ROUTES.filter((r) => !r.guarded).map((r) => r.path).sort()).toEqual(['/login', '/onboarding', '/privacy', '/shared/plan/:token', '/terms']);
    // a shared link's page names its own head (its preview): the server waits for its data before the head
    expect(PAGE_ROUTES.filter((r) => 'ownHead' in r && r.ownHead).map((r) => r.path)).toEqual(['/shared/plan/:token']);
    // every provider page but Join is for the people who run a listing
    expect(routesOf('provider').map((r) => [r.path, r.providerOnly === true])).toEqual([
      ['/provider', true],
      ['/provider/join', false],
      ['/provider/calendar', true],
      ['/provider/bookings', true],
      ['/provider/bookings/:bookingId', true],
      ['/provider/enquiries', true],
      ['/provider/enquiries/:enquiryId', true],
      ['/provider/messages', true],
      ['/provider/messages/:kind/:threadId', true],
      ['/provider/earnings', true],
      ['/provider/reviews', true],
    ]);
  });

  it("builds the provider side's paths", () => {
    expect(paths.providerCalendar({ month: '2026-12' })).toBe('/provider/calendar?month=2026-12');
    expect(paths.providerBookings({ tab: 'upcoming' })).toBe('/provider/bookings');
    expect(paths.providerBookings({ tab: 'past' })).toBe('/provider/bookings?tab=past');
    expect(paths.providerBooking('b 1')).toBe('/provider/bookings/b%201');
    expect(paths.providerEarnings({ listing: 'p1' })).toBe('/provider/earnings?listing=p1');
    expect(paths.providerEnquiries()).toBe('/provider/enquiries');
    expect(paths.providerEnquiry('q/1')).toBe('/provider/enquiries/q%2F1');
    expect(paths.providerMessages()).toBe('/provider/messages');
    expect(paths.providerThread('booking', 'b/1')).toBe('/provider/messages/booking/b%2F1');
  });

  it("builds the planning pages' paths", () => {
    expect(paths.plan('p 1')).toBe('/plans/p%201');
    expect(paths.planBudget('p 1')).toBe('/plans/p%201/budget');
    expect(paths.planChecklist('p1')).toBe('/plans/p1/checklist');
    expect(paths.planChecklist('p1', { by: 'event' })).toBe('/plans/p1/checklist?by=event');
    expect(paths.shortlist()).toBe('/shortlist');
    expect(paths.shortlist({ event: 'unassigned' })).toBe('/shortlist?event=unassigned');
    expect(paths.enquiries({ event: 'e1' })).toBe('/enquiries?event=e1');
    expect(paths.askQuote(['s1', 's2'], 'e1')).toBe('/enquiries/new?serviceIds=s1%2Cs2&eventId=e1');
    expect(paths.compare(['s1', 's2'])).toBe('/shortlist/compare?serviceIds=s1%2Cs2');
    expect(paths.compare(['s1', 's2', 's3'], 'e1')).toBe('/shortlist/compare?serviceIds=s1%2Cs2%2Cs3&eventId=e1');
    expect(paths.sharedPlan('Ab-_9')).toBe('/shared/plan/Ab-_9');
    expect(paths.messages()).toBe('/messages');
    expect(paths.thread('enquiry', 'e 1')).toBe('/messages/enquiry/e%201');
  });

  it('builds paths with encoded values and the spec query names', () => {
    expect(paths.serviceDetail('a b/c')).toBe('/service/a%20b%2Fc');
    expect(paths.slots('s1', 'm2')).toBe('/service/slots?serviceId=s1&package=m2');
    expect(paths.orderSummary('b9')).toBe('/bookings/order_summary?bid=b9');
    expect(paths.search({ category: 'Photography' })).toBe('/services?category=Photography');
    expect(paths.search()).toBe('/services');
    expect(
      paths.search({ q: 'candid shoot', category: 'Manicure/Pedicure', city: 'Pune', sort: 'price_asc', minPrice: 5000, maxPrice: 50000, page: 3 }),
    ).toBe('/services?q=candid+shoot&category=Manicure%2FPedicure&city=Pune&sort=price_asc&minPrice=5000&maxPrice=50000&page=3');
    // the first page is the plain address; a price of 0 is a bound, kept
    expect(paths.search({ sort: 'newest', page: 1, minPrice: 0 })).toBe('/services?sort=newest&minPrice=0');
    expect(paths.packageDetail('s1', 'm1')).toBe('/service/s1/menu/details/m1');
    expect(paths.paymentStatus({ status: 'failure' })).toBe('/payment-status?status=failure');
  });

  it('assigns pages to the remotes', () => {
    expect(routesOf('booking').map((r) => r.module)).toEqual(['./SlotSelection', './MyBookings', './Plans', './PlanDetail', './PlanBudget', './PlanChecklist', './Shortlist', './Enquiries', './AskQuote', './Messages', './Thread', './Compare', './SharedPlan']);
    expect(routesOf('provider').map((r) => r.module)).toEqual([
      './Inbox',
      './Join',
      './Calendar',
      './ProviderBookings',
      './ProviderBooking',
      './Enquiries',
      './Enquiry',
      './Messages',
      './Thread',
      './Earnings',
      './ProviderReviews',
    ]);
    expect(routesOf('account').map((r) => r.module).sort()).toEqual(['./Login', './MyAccount', './Onboarding', './Privacy', './Terms']);
  });
});
