/**
 * The spec's route table (§2), the one source for the host's router, the remotes' exposed
 * page modules and every link. Build URLs with `paths`, never by hand.
 */
export type RemoteName = 'catalog' | 'booking' | 'checkout' | 'account';
export const REMOTE_NAMES: readonly RemoteName[] = ['catalog', 'booking', 'checkout', 'account'];

export interface PageRoute {
  /** react-router path pattern */
  path: string;
  remote: RemoteName;
  /** the exposed module of the remote, e.g. './Home' */
  module: `./${string}`;
  /** behind the sign-in + onboarding guard, inside the main layout */
  guarded: boolean;
  title: string;
}

export const PAGE_ROUTES = [
  { path: '/', remote: 'catalog', module: './Home', guarded: true, title: 'Home' },
  { path: '/services', remote: 'catalog', module: './Search', guarded: true, title: 'Search' },
  { path: '/service/slots', remote: 'booking', module: './SlotSelection', guarded: true, title: 'Select Time Slot' },
  { path: '/service/:serviceId', remote: 'catalog', module: './ServiceDetail', guarded: true, title: 'Service' },
  { path: '/service/:serviceId/menu', remote: 'catalog', module: './PackageList', guarded: true, title: 'Available Packages' },
  {
    path: '/service/:serviceId/menu/details/:menuId',
    remote: 'catalog',
    module: './PackageDetail',
    guarded: true,
    title: 'Package',
  },
  { path: '/cart', remote: 'checkout', module: './Cart', guarded: true, title: 'Your Cart' },
  { path: '/checkout', remote: 'checkout', module: './Checkout', guarded: true, title: 'Checkout' },
  { path: '/bookings', remote: 'booking', module: './MyBookings', guarded: true, title: 'My Bookings' },
  {
    path: '/bookings/order_summary',
    remote: 'checkout',
    module: './OrderSummary',
    guarded: true,
    title: 'Order Summary',
  },
  { path: '/account', remote: 'account', module: './MyAccount', guarded: true, title: 'My Account' },
  { path: '/payment-status', remote: 'checkout', module: './PaymentStatus', guarded: true, title: 'Payment' },
  { path: '/login', remote: 'account', module: './Login', guarded: false, title: 'Phone Verification' },
  { path: '/onboarding', remote: 'account', module: './Onboarding', guarded: false, title: 'Onboarding' },
] as const satisfies readonly PageRoute[];

export type PageModule = (typeof PAGE_ROUTES)[number]['module'];

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
  slots: (serviceId: string, menuId: string) => `/service/slots${query({ serviceId, package: menuId })}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  bookings: () => '/bookings',
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
  login: () => '/login',
  onboarding: () => '/onboarding',
  orders: () => ORDERS_PATH,
} as const;
