// By package name, not relative paths (see ./catalog.ts).
import {
  getEarnings,
  getProviderBooking,
  getProviderBookingHistory,
  getProviderBookings,
  getProviderCalendar,
  getProviderEnquiries,
  getProviderEnquiry,
  getProviderListings,
  getProviderReviews,
  providerKeys,
} from '@utsav/contracts/provider';
import { resource } from '@utsav/contracts';

/** The provider side's resources, `providerResources` (../provider-resources.ts); the live stream patches the bookings' (providerKeys, live-updates.ts). */

/** the listings the signed-in person runs (none: not a provider) */
export const listings = (uid: string) => resource(providerKeys.listings(uid), (signal) => getProviderListings(signal));
/** the bookings of their listings, newest first (the inbox, upcoming and past are views of it) */
export const bookings = (uid: string) => resource(providerKeys.bookings(uid), (signal) => getProviderBookings(undefined, signal));
export const booking = (bookingId: string) => resource(providerKeys.booking(bookingId), (signal) => getProviderBooking(bookingId, signal));
export const history = (bookingId: string) => resource(providerKeys.history(bookingId), (signal) => getProviderBookingHistory(bookingId, signal));
export const calendar = (providerId: string, month: string) => resource(providerKeys.calendar(providerId, month), (signal) => getProviderCalendar(providerId, month, signal));
export const earnings = (providerId: string) => resource(['provider-earnings', providerId], (signal) => getEarnings(providerId, signal));
export const reviews = (providerId: string, offset: number) => resource(['provider-reviews', providerId, offset], (signal) => getProviderReviews(providerId, offset, signal));
/** the enquiries to their listings, each with its quotes (issue 37) */
export const enquiries = (uid: string) => resource(providerKeys.enquiries(uid), (signal) => getProviderEnquiries(undefined, signal));
export const enquiry = (enquiryId: string) => resource(providerKeys.enquiry(enquiryId), (signal) => getProviderEnquiry(enquiryId, signal));
