import type { Session } from '@utsav/contracts';
import type { Address, AddressSnapshot, Booking, Cart, Menu, MenuResponse } from '@utsav/contracts/schemas';

/** A promise a test settles when it wants to. */
export { deferred } from '@utsav/contracts/testing';

export function menu(extra: Partial<Menu> = {}): Menu {
  return {
    menuId: 'm1',
    serviceId: 's1',
    name: 'Gold Wedding Package',
    price: 9_000_000,
    currency: 'INR',
    serviceType: 'Wedding photography',
    description: 'Full-day coverage of the ceremony.',
    expectedDeliveryTime: '2 weeks after the event',
    items: [],
    isCustom: false,
    customOptions: null,
    ...extra,
  };
}

export function menuResponse(extra: Partial<Menu> = {}): MenuResponse {
  const data = menu(extra);
  return { data, isCustom: data.isCustom, total: 1 };
}

export const SIGNED_IN: Session = {
  status: 'signedIn',
  uid: 'user-1',
  phone: '+919812345678',
  profile: { status: 'complete', profile: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919812345678' } },
};

export const HOME: AddressSnapshot = { label: 'Home', line1: '12 MG Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' };

export function savedAddress(id: string, extra: Partial<Address> = {}): Address {
  return { ...HOME, label: 'Home', state: 'Karnataka', addressId: id, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', ...extra };
}

export function booking(id: string, extra: Partial<Booking> = {}): Booking {
  return {
    bookingId: id,
    serviceId: 's1',
    menuId: 'm1',
    menuName: `Package ${id}`,
    serviceTitle: 'Lens Studio Photography',
    providerName: 'Lens Studio',
    address: HOME,
    status: 'requested',
    bookingDate: '2026-12-01',
    preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
    preferredTime: { start: '09:00', end: '17:00' },
    currency: 'INR',
    amount: 9_000_000,
    listAmount: 9_000_000,
    discount: 0,
    couponCode: null,
    payment: { advance: 900_000, platformFee: 18_000, gst: 3_240, payNow: 921_240, remaining: 8_100_000 },
    createdAt: '2026-12-01T10:00:00.000Z',
    ...extra,
  };
}

/** The API's cart (priced by the server; the slot page only reads the count). */
export function cart(items: Cart['items'] = []): Cart {
  const sum = (pick: (item: Cart['items'][number]) => number) => items.reduce((total, item) => total + pick(item), 0);
  return {
    cartId: 'c1',
    consumerId: 'user-1',
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    items,
    coupon: null,
    totals: {
      subtotal: sum((item) => item.pricing.listAmount),
      discount: 0,
      total: sum((item) => item.pricing.amount),
      dueAfterAcceptance: sum((item) => item.pricing.payNow),
      paidToProviderLater: sum((item) => item.pricing.remaining),
    },
  };
}

/**
 * The fixtures' day: bookings dated in December 2026 lie ahead of it. Only the Date is pinned (timers stay
 * real), so pages that ask "has this booking ended?" answer the same whenever the suite runs.
 */
export const FIXTURE_NOW = new Date('2026-11-25T10:00:00+05:30');
export function pinFixtureDate(now: Date = FIXTURE_NOW): void {
  jest.useFakeTimers({
    now,
    doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'],
  });
}
