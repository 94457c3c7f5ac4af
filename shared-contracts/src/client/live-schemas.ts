// What the live stream's events are checked against: loaded by the stream when it connects
// (live-updates.ts), so zod and these schemas are not in the contracts' shared chunk every page loads.
export { bookingSchema } from '../domain/schemas/booking';
export { liveNotificationSchema } from '../domain/schemas/notification';
export { providerBookingSchema } from '../domain/schemas/provider';
export { showProviderBookingChange } from './provider-api';
export { showEnquiryNotification } from './plan-api';
export { liveThreadSchema } from '../domain/schemas/message';
export { showThreadChange } from './message-api';
