import type { Session } from '@utsav/contracts';
import type { AddressSnapshot, Booking, Cart, Offer } from '@utsav/contracts/schemas';

export const HOME: AddressSnapshot = { label: 'Home', line1: '12 MG Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' };
export const HOME_LINE = '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038';

export const SIGNED_IN: Session = {
  status: 'signedIn',
  uid: 'user-1',
  phone: '+919812345678',
  profile: { status: 'complete', profile: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919800000001' } },
};

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
    quantity: 1,
    price: 1_000_000,
    currency: 'INR',
    preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
    preferredTime: { start: '09:00', end: '17:00' },
    note: '',
    addressId: 'a1',
    address: HOME,
    ...extra,
  };
}

export function cart(items: Cart['items'] = []): Cart {
  return { cartId: 'cart-42', consumerId: 'user-1', createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:30:00.000Z', items };
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

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
