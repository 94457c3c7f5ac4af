// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest, currentCache, type ApiCache, type ResourceKey } from '@utsav/contracts';
import { checkedAnswer } from './checked-answer';
import type { ProviderBooking, ProviderClaimed, ProviderDecline, ProviderListings } from '../domain/schemas/provider';
import type { BookingHistory, BookingStatus } from '../domain/schemas/booking';
import type { ProviderAvailability } from '../domain/schemas/provider-calendar';
import type { ProviderEarnings } from '../domain/schemas/earnings';
import type { ProviderReview, ProviderReviewPage } from '../domain/schemas/review';
import type { EnquiryDecline, EnquiryStatus, ProviderEnquiry, QuoteInput } from '../domain/schemas/enquiry';

/**
 * The provider's side of the API (issue 36), `@utsav/contracts/provider`, as the signed-in person who runs a
 * listing. Every answer is checked by its contract schema, loaded with the first answer (checked-answer.ts).
 */
const schemas = () => import('../domain/schemas/index');
type Schemas = typeof import('../domain/schemas/index');
const checked = <T>(schemaOf: (module: Schemas) => { parse(data: unknown): T }, answer: Promise<unknown>) => checkedAnswer(schemas(), schemaOf, answer);

const seg = encodeURIComponent;

/**
 * The kind (key[0]) of the provider's list of bookings: a booking's change reaches it (showProviderBookingChange).
 * The provider side's keys live here, not in the contracts' main entry: no consumer's first load carries them.
 */
export const PROVIDER_BOOKING_LISTS = 'provider-bookings';

/** The kind (key[0]) of the provider's lists of enquiries: an answer to one of them reaches them (showProviderEnquiryChange). */
export const PROVIDER_ENQUIRY_LISTS = 'provider-enquiries';

/** The keys of the provider side's resources the live stream and the provider's answers patch. */
export const providerKeys = {
  /** the listings the signed-in person runs */
  listings: (uid: string): ResourceKey => ['provider-listings', uid],
  /** the bookings of their listings, newest first */
  bookings: (uid: string): ResourceKey => [PROVIDER_BOOKING_LISTS, uid],
  /** one booking as its provider sees it */
  booking: (bookingId: string): ResourceKey => ['provider-booking', bookingId.toLowerCase()],
  /** its history, as its provider reads it */
  history: (bookingId: string): ResourceKey => ['provider-booking-history', bookingId.toLowerCase()],
  /** a listing's month: bookings per day, capacity, blocked days */
  calendar: (providerId: string, month: string): ResourceKey => ['provider-calendar', providerId, month],
  /** the enquiries to their listings (issue 37), each with its quotes */
  enquiries: (uid: string): ResourceKey => [PROVIDER_ENQUIRY_LISTS, uid],
  /** one enquiry as its provider reads it */
  enquiry: (enquiryId: string): ResourceKey => ['provider-enquiry', enquiryId.toLowerCase()],
} as const;

/**
 * An enquiry as the server answered the provider's quote or decline: the enquiry's page and the lists of their
 * enquiries show it as it now is (its new quote, with the total and advance the server computed).
 */
export function showProviderEnquiryChange(enquiry: ProviderEnquiry, cache: ApiCache = currentCache()): void {
  const { enquiryId } = enquiry;
  cache.set<ProviderEnquiry>(providerKeys.enquiry(enquiryId), enquiry);
  cache.updateEach<ProviderEnquiry[]>(PROVIDER_ENQUIRY_LISTS, (list) => list.map((one) => (one.enquiryId === enquiryId ? enquiry : one)));
}

/**
 * A booking of a listing the person runs, as it now is (the live stream's providerBooking event, or the server's
 * answer to the provider's accept or decline): the provider's views of it show it — the booking, the list of their
 * bookings (a new request goes on top) — and its history is asked again. The provider's `showBookingChange`.
 */
export function showProviderBookingChange(booking: ProviderBooking, cache: ApiCache = currentCache()): void {
  const { bookingId } = booking;
  cache.set<ProviderBooking>(providerKeys.booking(bookingId), booking);
  cache.updateEach<ProviderBooking[]>(PROVIDER_BOOKING_LISTS, (list) =>
    list.some((b) => b.bookingId === bookingId) ? list.map((b) => (b.bookingId === bookingId ? booking : b)) : [booking, ...list],
  );
  cache.invalidate(providerKeys.history(bookingId));
}

/** The listings the signed-in person runs: none, they are not a provider (yet). */
export async function getProviderListings(signal?: AbortSignal): Promise<ProviderListings> {
  return checked((s) => s.providerListingsSchema, apiRequest<unknown>('/provider/listings', { auth: true, signal }));
}

/** Claims the listing an invite code names: the signed-in person becomes its one owner. */
export async function claimListing(code: string): Promise<ProviderClaimed> {
  return checked((s) => s.providerClaimedSchema, apiRequest<unknown>('/provider/claim', { method: 'POST', body: { code }, auth: true }));
}

/** The bookings of the listings the person runs, newest first; `status`: only those. */
export async function getProviderBookings(status: BookingStatus | undefined, signal?: AbortSignal): Promise<ProviderBooking[]> {
  const query = status ? `?status=${seg(status)}` : '';
  return checked((s) => s.providerBookingListSchema, apiRequest<unknown>(`/provider/bookings${query}`, { auth: true, signal }));
}

export async function getProviderBooking(bookingId: string, signal?: AbortSignal): Promise<ProviderBooking> {
  return checked((s) => s.providerBookingSchema, apiRequest<unknown>(`/provider/bookings/${seg(bookingId)}`, { auth: true, signal }));
}

/** The booking's timeline, oldest first: the one its consumer sees (`by: 'you'` is the consumer). */
export async function getProviderBookingHistory(bookingId: string, signal?: AbortSignal): Promise<BookingHistory> {
  return checked((s) => s.bookingHistorySchema, apiRequest<unknown>(`/provider/bookings/${seg(bookingId)}/history`, { auth: true, signal }));
}

/** Accepts a request, or (`newDates`) the new dates its consumer proposed; a 409 says why it cannot (capacity, a blocked day). */
export async function acceptBooking(bookingId: string, { newDates = false }: { newDates?: boolean } = {}): Promise<ProviderBooking> {
  const path = `/provider/bookings/${seg(bookingId)}${newDates ? '/reschedule' : ''}/accept`;
  return checked((s) => s.providerBookingSchema, apiRequest<unknown>(path, { method: 'POST', auth: true }));
}

/** Declines a request, or (`newDates`) the new dates its consumer proposed, with one of the fixed reasons. */
export async function declineBooking(bookingId: string, decline: ProviderDecline, { newDates = false }: { newDates?: boolean } = {}): Promise<ProviderBooking> {
  const path = `/provider/bookings/${seg(bookingId)}${newDates ? '/reschedule' : ''}/decline`;
  return checked((s) => s.providerBookingSchema, apiRequest<unknown>(path, { method: 'POST', body: decline, auth: true }));
}

/** The listing's capacity and blocked days, and with `month` ('2026-12') that month's calendar. */
export async function getProviderCalendar(providerId: string, month: string, signal?: AbortSignal): Promise<ProviderAvailability> {
  const path = `/provider/${seg(providerId)}/availability?month=${seg(month)}`;
  return checked((s) => s.providerAvailabilitySchema, apiRequest<unknown>(path, { auth: true, signal }));
}

export async function setDailyCapacity(providerId: string, dailyCapacity: number): Promise<ProviderAvailability> {
  const path = `/provider/${seg(providerId)}/availability`;
  return checked((s) => s.providerAvailabilitySchema, apiRequest<unknown>(path, { method: 'PUT', body: { dailyCapacity }, auth: true }));
}

export async function blockDay(providerId: string, date: string, reason: string): Promise<ProviderAvailability> {
  const path = `/provider/${seg(providerId)}/blocked-days/${seg(date)}`;
  return checked((s) => s.providerAvailabilitySchema, apiRequest<unknown>(path, { method: 'PUT', body: { reason }, auth: true }));
}

export async function unblockDay(providerId: string, date: string): Promise<ProviderAvailability> {
  const path = `/provider/${seg(providerId)}/blocked-days/${seg(date)}`;
  return checked((s) => s.providerAvailabilitySchema, apiRequest<unknown>(path, { method: 'DELETE', auth: true }));
}

/** Advances, refunds and the invoices' platform fee per month, newest first (paise, from the ledger). */
export async function getEarnings(providerId: string, signal?: AbortSignal): Promise<ProviderEarnings> {
  return checked((s) => s.providerEarningsSchema, apiRequest<unknown>(`/provider/${seg(providerId)}/earnings`, { auth: true, signal }));
}

/** The same figures as a CSV file (fetched with the person's credential, so not a plain link). */
export async function getEarningsCsv(providerId: string): Promise<Blob> {
  return apiRequest<Blob>(`/provider/${seg(providerId)}/earnings.csv`, { auth: true, responseType: 'blob' });
}

export async function getProviderReviews(providerId: string, offset: number, signal?: AbortSignal): Promise<ProviderReviewPage> {
  const path = `/provider/${seg(providerId)}/reviews${offset ? `?offset=${offset}` : ''}`;
  return checked((s) => s.providerReviewPageSchema, apiRequest<unknown>(path, { auth: true, signal }));
}

/** Replies to a review (once): the reply shows under it on the service page. */
export async function replyToReview(providerId: string, reviewId: string, text: string): Promise<ProviderReview> {
  const path = `/provider/${seg(providerId)}/reviews/${seg(reviewId)}/reply`;
  return checked((s) => s.providerReviewSchema, apiRequest<unknown>(path, { method: 'POST', body: { text }, auth: true }));
}

/** The enquiries to the listings the person runs (issue 37), each with its quotes, newest first; `status`: only those. */
export async function getProviderEnquiries(status?: EnquiryStatus, signal?: AbortSignal): Promise<ProviderEnquiry[]> {
  const query = status ? `?status=${seg(status)}` : '';
  return checked((s) => s.providerEnquiryListSchema, apiRequest<unknown>(`/provider/enquiries${query}`, { auth: true, signal }));
}

export async function getProviderEnquiry(enquiryId: string, signal?: AbortSignal): Promise<ProviderEnquiry> {
  return checked((s) => s.providerEnquirySchema, apiRequest<unknown>(`/provider/enquiries/${seg(enquiryId)}`, { auth: true, signal }));
}

/**
 * Answers an enquiry with a quote (line items in paise, valid until, a note); a newer quote supersedes the open one.
 * The answer is the enquiry with its new quote first: the total and the advance as the server computed them.
 */
export async function sendQuote(enquiryId: string, input: QuoteInput): Promise<ProviderEnquiry> {
  const path = `/provider/enquiries/${seg(enquiryId)}/quote`;
  return checked((s) => s.providerEnquirySchema, apiRequest<unknown>(path, { method: 'POST', body: input, auth: true }));
}

/** Declines an enquiry, with the provider's reason (the consumer reads it). */
export async function declineEnquiry(enquiryId: string, decline: EnquiryDecline): Promise<ProviderEnquiry> {
  const path = `/provider/enquiries/${seg(enquiryId)}/decline`;
  return checked((s) => s.providerEnquirySchema, apiRequest<unknown>(path, { method: 'POST', body: decline, auth: true }));
}
