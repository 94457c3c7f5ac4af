export { useBookingFacts } from './booking-facts';
export { PROVIDER_BOOKING_TABS, providerBookingTab, statusLabel, type ProviderBookingTab } from './status';
export { Timeline } from './Timeline';
