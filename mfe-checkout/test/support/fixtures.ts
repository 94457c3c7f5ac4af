import type { Session } from '@utsav/contracts';
import { paymentBreakdown } from '@utsav/contracts/money';
import type { AddressSnapshot, Booking, Cart, CartCoupon, CartTotals, LinePricing, Offer } from '@utsav/contracts/schemas';

/** A promise a test settles when it wants to. */
export { deferred } from '@utsav/contracts/testing';

export const HOME: AddressSnapshot = { label: 'Home', line1: '12 MG Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' };
export const HOME_LINE = '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038';

export const SIGNED_IN: Session = {
  status: 'signedIn',
  uid: 'user-1',
  phone: '+919812345678',
  profile: { status: 'complete', profile: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919800000001' } },
};

/** What the server computes for a line of this price and discount (the tests stand in for the server). */
export function pricing(listAmount: number, discount = 0): LinePricing {
  const { total: amount, advance, platformFee, gst, payNow, remaining } = paymentBreakdown(listAmount - discount);
  return { listAmount, discount, amount, advance, platformFee, gst, payNow, remaining };
}

export function booking(extra: Partial<Booking> = {}): Booking {
  return {
    bookingId: 'b-1',
    serviceId: 's1',
    menuId: 'm1',
    menuName: 'Gold Wedding Package',
    serviceTitle: 'Lens Studio Photography',
    providerName: 'Lens Studio',
    address: HOME,
    status: 'accepted',
    bookingDate: '2026-12-01',
    preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
    preferredTime: { start: '09:00', end: '17:00' },
    currency: 'INR',
    amount: 5_000_000,
    listAmount: 5_000_000,
    discount: 0,
    couponCode: null,
    payment: { advance: 500_000, platformFee: 10_000, gst: 1_800, payNow: 511_800, remaining: 4_500_000 },
    createdAt: '2026-12-01T10:00:00.000Z',
    ...extra,
  };
}

export function cartLine(id: string, extra: Partial<Cart['items'][number]> = {}): Cart['items'][number] {
  return {
    cartItemId: id,
    serviceId: 's1',
    menuId: 'm1',
    title: `Package ${id}`,
    serviceTitle: 'Lens Studio Photography',
    providerName: 'Lens Studio',
    quantity: 1,
    price: 1_000_000,
    currency: 'INR',
    preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
    preferredTime: { start: '09:00', end: '17:00' },
    note: '',
    addressId: 'a1',
    address: HOME,
    ...extra,
    pricing: extra.pricing ?? pricing(extra.price ?? 1_000_000),
  };
}

/** The server's totals of these lines. */
export function totalsOf(items: Cart['items']): CartTotals {
  const sum = (pick: (line: LinePricing) => number) => items.reduce((total, item) => total + pick(item.pricing), 0);
  return {
    subtotal: sum((line) => line.listAmount),
    discount: sum((line) => line.discount),
    total: sum((line) => line.amount),
    dueAfterAcceptance: sum((line) => line.payNow),
    paidToProviderLater: sum((line) => line.remaining),
  };
}

export function cart(items: Cart['items'] = [], coupon: CartCoupon | null = null, totals: CartTotals = totalsOf(items)): Cart {
  return { cartId: 'cart-42', consumerId: 'user-1', createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:30:00.000Z', items, coupon, totals };
}

/** The spec's sample offers (§9): 20% from ₹15,000, ₹5,000 off from ₹25,000. */
export const OFFERS: Offer[] = [
  {
    id: 'o1',
    code: 'SAVE20',
    description: '20% off your cart',
    discountType: 'percentage',
    discountValue: 20,
    minCartValue: 1_500_000,
    validUntil: '2027-12-31',
  },
  {
    id: 'o2',
    code: 'FLAT5000',
    description: '₹5,000 off',
    discountType: 'fixed',
    discountValue: 500_000,
    minCartValue: 2_500_000,
    validUntil: '2027-12-31',
  },
];

