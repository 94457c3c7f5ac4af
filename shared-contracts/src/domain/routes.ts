/**
 * The spec's route table (§2), the one source for the host's router, the remotes' exposed
 * page modules and every link. Build URLs with `paths`, never by hand.
 */
export type RemoteName = 'catalog' | 'booking' | 'checkout' | 'account' | 'provider';
export const REMOTE_NAMES: readonly RemoteName[] = ['catalog', 'booking', 'checkout', 'account', 'provider'];

export interface PageRoute {
  /** react-router path pattern */
  path: string;
  remote: RemoteName;
  /** the exposed module of the remote, e.g. './Home' */
  module: `./${string}`;
  /** behind the sign-in + onboarding guard, inside the main layout */
  guarded: boolean;
  /**
   * For the people who run a listing only (issue 36): the provider remote's gate sends anyone else to
   * `paths.providerJoin()`, which says how to become one.
   */
  providerOnly?: boolean;
  /**
   * Where the top bar's back arrow leads when the previous history entry is not in the app (a link
   * opened from outside): the page this one sits below. Tab roots (and the sign-in pages) have none,
   * and show no back arrow.
   */
  parent?: (at: RouteAt) => string;
  /**
   * The page module exports `head` (PageHead, client/page-head.ts: its title, description, link preview and status,
   * from its data): the host's server waits for the page's code and data before it sends the document's head, which is
   * otherwise sent at once. For pages opened from a shared link, whose preview is read from the head alone.
   */
  ownHead?: boolean;
}

/** The matched route's params (decoded) and the URL's query, for `parent`. */
export interface RouteAt {
  params: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
}

export const PAGE_ROUTES = [
  { path: '/', remote: 'catalog', module: './Home', guarded: true },
  { path: '/services', remote: 'catalog', module: './Search', guarded: true },
  // before /service/:serviceId, which would match it too: the first match in this order wins
  {
    path: '/service/slots',
    remote: 'booking',
    module: './SlotSelection',
    guarded: true,
    parent: ({ query }) => {
      // new dates for a booking: back to the bookings
      if (query.get('reschedule')) return paths.bookings();
      const serviceId = query.get('serviceId');
      const menuId = query.get('package');
      if (serviceId && menuId) return paths.packageDetail(serviceId, menuId);
      return serviceId ? paths.serviceDetail(serviceId) : paths.search();
    },
  },
  {
    path: '/service/:serviceId',
    remote: 'catalog',
    module: './ServiceDetail',
    guarded: true,
    parent: () => paths.search(),
  },
  {
    path: '/service/:serviceId/menu',
    remote: 'catalog',
    module: './PackageList',
    guarded: true,
    parent: ({ params }) => paths.serviceDetail(params.serviceId ?? ''),
  },
  {
    path: '/service/:serviceId/menu/details/:menuId',
    remote: 'catalog',
    module: './PackageDetail',
    guarded: true,
    parent: ({ params }) => paths.packageList(params.serviceId ?? ''),
  },
  { path: '/cart', remote: 'checkout', module: './Cart', guarded: true },
  { path: '/checkout', remote: 'checkout', module: './Checkout', guarded: true, parent: () => paths.cart() },
  { path: '/bookings', remote: 'booking', module: './MyBookings', guarded: true },
  {
    path: '/bookings/order_summary',
    remote: 'checkout',
    module: './OrderSummary',
    guarded: true,
    parent: () => paths.bookings(),
  },
  { path: '/account', remote: 'account', module: './MyAccount', guarded: true },
  // planning a wedding (issue 37): the consumer's plans, their events and the shortlist
  { path: '/plans', remote: 'booking', module: './Plans', guarded: true, parent: () => paths.account() },
  { path: '/plans/:planId', remote: 'booking', module: './PlanDetail', guarded: true, parent: () => paths.plans() },
  // a plan's budget and checklist (issue 37, item 5)
  { path: '/plans/:planId/budget', remote: 'booking', module: './PlanBudget', guarded: true, parent: ({ params }) => paths.plan(params.planId ?? '') },
  { path: '/plans/:planId/checklist', remote: 'booking', module: './PlanChecklist', guarded: true, parent: ({ params }) => paths.plan(params.planId ?? '') },
  { path: '/shortlist', remote: 'booking', module: './Shortlist', guarded: true, parent: () => paths.plans() },
  // enquiries and quotes (issue 37): ask providers for a quote for an event, and answer their quotes
  { path: '/enquiries', remote: 'booking', module: './Enquiries', guarded: true, parent: () => paths.plans() },
  {
    path: '/enquiries/new',
    remote: 'booking',
    module: './AskQuote',
    guarded: true,
    parent: ({ query }) => paths.shortlist({ event: query.get('eventId') ?? undefined }),
  },
  // conversations (issue 37, item 4): the consumer's threads with providers, one per enquiry and per booking
  { path: '/messages', remote: 'booking', module: './Messages', guarded: true, parent: () => paths.account() },
  { path: '/messages/:kind/:threadId', remote: 'booking', module: './Thread', guarded: true, parent: () => paths.messages() },
  {
    path: '/shortlist/compare',
    remote: 'booking',
    module: './Compare',
    guarded: true,
    parent: ({ query }) => paths.shortlist({ event: query.get('eventId') ?? undefined }),
  },
  {
    path: '/payment-status',
    remote: 'checkout',
    module: './PaymentStatus',
    guarded: true,
    parent: () => paths.bookings(),
  },
  // the provider's side (issue 36): the person who runs a listing answers its requests and runs its days
  { path: '/provider', remote: 'provider', module: './Inbox', guarded: true, providerOnly: true },
  { path: '/provider/join', remote: 'provider', module: './Join', guarded: true, parent: () => paths.account() },
  { path: '/provider/calendar', remote: 'provider', module: './Calendar', guarded: true, providerOnly: true, parent: () => paths.provider() },
  { path: '/provider/bookings', remote: 'provider', module: './ProviderBookings', guarded: true, providerOnly: true, parent: () => paths.provider() },
  {
    path: '/provider/bookings/:bookingId',
    remote: 'provider',
    module: './ProviderBooking',
    guarded: true,
    providerOnly: true,
    parent: () => paths.providerBookings(),
  },
  // enquiries and quotes (issue 37): the provider answers a consumer's enquiry with a quote, or declines it
  { path: '/provider/enquiries', remote: 'provider', module: './Enquiries', guarded: true, providerOnly: true, parent: () => paths.provider() },
  {
    path: '/provider/enquiries/:enquiryId',
    remote: 'provider',
    module: './Enquiry',
    guarded: true,
    providerOnly: true,
    parent: () => paths.providerEnquiries(),
  },
  // conversations (issue 37, item 4): the provider's side of the same threads
  { path: '/provider/messages', remote: 'provider', module: './Messages', guarded: true, providerOnly: true, parent: () => paths.provider() },
  {
    path: '/provider/messages/:kind/:threadId',
    remote: 'provider',
    module: './Thread',
    guarded: true,
    providerOnly: true,
    parent: () => paths.providerMessages(),
  },
  { path: '/provider/earnings', remote: 'provider', module: './Earnings', guarded: true, providerOnly: true, parent: () => paths.provider() },
  { path: '/provider/reviews', remote: 'provider', module: './ProviderReviews', guarded: true, providerOnly: true, parent: () => paths.provider() },
  { path: '/login', remote: 'account', module: './Login', guarded: false },
  { path: '/onboarding', remote: 'account', module: './Onboarding', guarded: false },
  // public: readable signed out (linked from Login); Home sends a stranger on to /login
  { path: '/terms', remote: 'account', module: './Terms', guarded: false, parent: () => paths.home() },
  { path: '/privacy', remote: 'account', module: './Privacy', guarded: false, parent: () => paths.home() },
  // a plan shared read-only (issue 37, item 5): family members open its link without signing in
  { path: '/shared/plan/:token', remote: 'booking', module: './SharedPlan', guarded: false, ownHead: true },
] as const satisfies readonly PageRoute[];

export function routesOf(remote: RemoteName): PageRoute[] {
  return PAGE_ROUTES.filter((route) => route.remote === remote);
}

/** The top bar's orders icon points here; the host redirects it to My Bookings. */
export const ORDERS_PATH = '/orders';

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const seg = encodeURIComponent;

export type PaymentOutcome = 'success' | 'failure';

/**
 * What /services shows, as its address carries it (every control of the Search page is here, so a
 * search can be shared and Back restores it). Prices are whole rupees, for the person reading the
 * address; the page turns them into paise for the API. `page` counts from 1.
 */
export interface SearchAddress {
  q?: string;
  category?: string;
  city?: string;
  /** one of SERVICE_SORTS (schemas/catalog.ts) */
  sort?: string;
  /** rupees */
  minPrice?: number;
  /** rupees */
  maxPrice?: number;
  page?: number;
}

export const paths = {
  home: () => '/',
  search: ({ q, category, city, sort, minPrice, maxPrice, page }: SearchAddress = {}) =>
    `/services${query({ q, category, city, sort, minPrice, maxPrice, page: page === 1 ? undefined : page })}`,
  serviceDetail: (serviceId: string) => `/service/${seg(serviceId)}`,
  packageList: (serviceId: string) => `/service/${seg(serviceId)}/menu`,
  packageDetail: (serviceId: string, menuId: string) => `/service/${seg(serviceId)}/menu/details/${seg(menuId)}`,
  /**
   * `reschedule`: a booking of this package to propose new dates for, instead of booking again; `from` (and
   * `to`, for more than one day), 'YYYY-MM-DD': the dates chosen when the page opens
   */
  slots: (serviceId: string, menuId: string, { reschedule, from, to }: { reschedule?: string; from?: string; to?: string } = {}) =>
    `/service/slots${query({ serviceId, package: menuId, reschedule, from, to })}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  /**
   * `booking`: show this booking (My Bookings opens the tab it is in and brings it into view: after new dates, a
   * booking made, a payment); `tab`: open on this tab (BOOKING_TABS; the first needs none)
   */
  bookings: ({ tab, booking }: { tab?: string; booking?: string } = {}) => `/bookings${query({ tab: tab === 'requested' ? undefined : tab, booking })}`,
  orderSummary: (bookingId: string) => `/bookings/order_summary${query({ bid: bookingId })}`,
  account: () => '/account',
  paymentStatus: (params: {
    status: PaymentOutcome;
    amount?: number;
    paymentId?: string;
    orderId?: string;
    bid?: string;
    message?: string;
  }) => `/payment-status${query(params)}`,
  /** `next`: where to go once signed in (and onboarded); Home needs no parameter */
  login: ({ next }: { next?: string } = {}) => `/login${query({ next: next === '/' ? undefined : next })}`,
  /** `next` is carried through onboarding and honoured when it completes */
  onboarding: ({ next }: { next?: string } = {}) => `/onboarding${query({ next: next === '/' ? undefined : next })}`,
  terms: () => '/terms',
  privacy: () => '/privacy',
  orders: () => ORDERS_PATH,
  /** the consumer's wedding plans */
  plans: () => '/plans',
  plan: (planId: string) => `/plans/${seg(planId)}`,
  /** the plan's budget: the couple's, and what is booked, paid and quoted, per event */
  planBudget: (planId: string) => `/plans/${seg(planId)}/budget`,
  /** the plan's checklist; `by`: grouped by due month (the default) or by event */
  planChecklist: (planId: string, { by }: { by?: 'month' | 'event' } = {}) => `/plans/${seg(planId)}/checklist${query({ by })}`,
  /** `event`: show one event's entries (an event id, or UNASSIGNED_EVENT, schemas/plan.ts, for those for none) */
  shortlist: ({ event }: { event?: string } = {}) => `/shortlist${query({ event })}`,
  /** a plan shared read-only: its link's page (no sign-in) */
  sharedPlan: (token: string) => `/shared/plan/${seg(token)}`,
  /** the consumer's enquiries and their quotes; `event`: one event's */
  enquiries: ({ event }: { event?: string } = {}) => `/enquiries${query({ event })}`,
  /** ask 1–5 services for a quote; `eventId`: for that event (chosen on the page otherwise) */
  askQuote: (serviceIds: readonly string[], eventId?: string) => `/enquiries/new${query({ serviceIds: serviceIds.join(','), eventId })}`,
  /** 2–4 shortlisted services side by side; `eventId`: for that event's date */
  compare: (serviceIds: readonly string[], eventId?: string) => `/shortlist/compare${query({ serviceIds: serviceIds.join(','), eventId })}`,
  /** the consumer's conversations with providers, the newest first */
  messages: () => '/messages',
  /** one conversation: an enquiry's or a booking's (kind), by its id */
  thread: (kind: 'enquiry' | 'booking', threadId: string) => `/messages/${kind}/${seg(threadId)}`,
  /** the provider's requests inbox */
  provider: () => '/provider',
  /** how to become a provider: claim a listing with its invite code */
  providerJoin: () => '/provider/join',
  /** `month`: 'YYYY-MM' to open on (this month needs none); `listing`: which of the person's listings */
  providerCalendar: ({ month, listing }: { month?: string; listing?: string } = {}) => `/provider/calendar${query({ month, listing })}`,
  /** `tab`: open on this tab (PROVIDER_BOOKING_TABS; the first needs none) */
  providerBookings: ({ tab }: { tab?: string } = {}) => `/provider/bookings${query({ tab: tab === 'upcoming' ? undefined : tab })}`,
  providerBooking: (bookingId: string) => `/provider/bookings/${seg(bookingId)}`,
  /** the enquiries to the provider's listings: open ones (waiting for a quote) first */
  providerEnquiries: () => '/provider/enquiries',
  /** one enquiry: its quotes, and a new quote or a decline while it is open */
  providerEnquiry: (enquiryId: string) => `/provider/enquiries/${seg(enquiryId)}`,
  /** the provider's conversations with consumers */
  providerMessages: () => '/provider/messages',
  providerThread: (kind: 'enquiry' | 'booking', threadId: string) => `/provider/messages/${kind}/${seg(threadId)}`,
  providerEarnings: ({ listing }: { listing?: string } = {}) => `/provider/earnings${query({ listing })}`,
  providerReviews: ({ listing }: { listing?: string } = {}) => `/provider/reviews${query({ listing })}`,
} as const;

/** The query parameter of /bookings naming a booking to show (paths.bookings({ booking })). */
export const SHOW_BOOKING_PARAM = 'booking';

/** The query parameter of /login and /onboarding naming where to go afterwards. */
export const NEXT_PARAM = 'next';

const NEXT_PATH_MAX_LENGTH = 2048;
/** A base no real URL has: a path resolved against it either keeps this origin or names another one. */
const SAME_ORIGIN_BASE = 'https://utsav.invalid';
// a backslash is read as '/' by URL parsers ('/\\evil' is '//evil'); C0 controls, DEL and the C1 controls
// are stripped or rejected by browsers in ways that can join what looked like separate parts
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\]/;
/** Pages a user is never sent to after signing in: they lead back to signing in. */
const SIGN_IN_PATHS = new Set(['/login', '/onboarding']);

/**
 * The `next` of /login or /onboarding as a path of this app to go to, or null when it is anything
 * else: only a same-origin app path is accepted (starting with one '/', not '//' or '/\\', no scheme,
 * no control characters; resolved with URL against an origin and checked to keep it), never the sign-in
 * pages themselves. What is returned is the normalised path + query + hash, e.g. '/service/s1?tab=reviews'.
 */
export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > NEXT_PATH_MAX_LENGTH) return null;
  if (raw[0] !== '/' || raw[1] === '/' || UNSAFE_CHARACTERS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, SAME_ORIGIN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN_BASE || url.pathname.startsWith('//')) return null;
  // routes match case-insensitively and with a trailing slash
  const page = url.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (SIGN_IN_PATHS.has(page)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

