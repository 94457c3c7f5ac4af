import type { Session } from '@utsav/contracts';
import { paymentBreakdown } from '@utsav/contracts/money';
import type { ProviderBooking, ProviderEnquiry, ProviderListings, Quote } from '@utsav/contracts/schemas';

export { deferred } from '@utsav/contracts/testing';

export const SIGNED_IN: Session = {
  status: 'signedIn',
  uid: 'owner-1',
  phone: '+919811111111',
  profile: { status: 'complete', profile: { name: 'Ravi Lens', email: 'ravi@example.com', phone: '+919811111111' } },
};

export const LISTINGS: ProviderListings = {
  listings: [{ id: 'p-1', name: 'Lens Studio', services: [{ id: 's1', title: 'Lens Studio Photography', category: 'photography', city: 'Bengaluru' }] }],
};
export const NO_LISTINGS: ProviderListings = { listings: [] };

/** A request of ₹50,000 as the server sends it to its provider (the payment as the server computes it). */
export function providerBooking(extra: Partial<ProviderBooking> = {}): ProviderBooking {
  const { total, ...payment } = paymentBreakdown(extra.amount ?? 5_000_000);
  return {
    bookingId: 'b-1',
    serviceId: 's1',
    menuId: 'm1',
    menuName: 'Gold Wedding Package',
    serviceTitle: 'Lens Studio Photography',
    providerName: 'Lens Studio',
    address: { label: 'Home', line1: '12 MG Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
    status: 'requested',
    bookingDate: '2026-11-25',
    preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
    preferredTime: { start: '09:00', end: '17:00' },
    note: 'Please bring a drone',
    currency: 'INR',
    amount: total,
    listAmount: total,
    discount: 0,
    couponCode: null,
    payment,
    createdAt: '2026-11-25T08:35:00.000Z',
    consumer: { name: 'Asha Rao', phone: null, email: null },
    failureReason: null,
    ...extra,
  };
}

/** A quote as the server sends it: its total and advance as the server computed them. */
export function quote(extra: Partial<Quote> = {}): Quote {
  return {
    quoteId: 'q-1',
    enquiryId: 'e-2',
    lineItems: [
      { label: 'Candid photography, two days', amount: 12_000_000 },
      { label: 'Album', amount: 3_000_000 },
    ],
    total: 15_000_000,
    advance: 1_500_000,
    validUntil: '2026-12-20',
    note: '',
    status: 'open',
    createdAt: '2026-11-26T10:00:00.000Z',
    ...extra,
  };
}

/** An enquiry to the provider's listing, waiting for a quote, as the server sends it to them (first name only). */
export function providerEnquiry(extra: Partial<ProviderEnquiry> = {}): ProviderEnquiry {
  return {
    enquiryId: 'e-1',
    event: { eventId: 'ev-1', kind: 'sangeet', name: '', date: '2027-02-12', city: 'Jaipur', guests: 250 },
    service: { serviceId: 's1', title: 'Lens Studio Photography', category: 'Photography', city: 'Bengaluru', providerName: 'Lens Studio' },
    message: 'Candid and traditional, both evenings please.',
    status: 'open',
    declineReason: null,
    quotes: [],
    bookingId: null,
    createdAt: '2026-11-25T08:35:00.000Z',
    consumer: { firstName: 'Asha' },
    ...extra,
  };
}
