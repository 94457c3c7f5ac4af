// The live stream's event names, apart from the notification schemas: the host's stream reader needs
// them from the start, the schemas only once the stream connects (live-updates.ts). Re-exported by ./notification.

/** The live stream's event names: a booking's new state, a new notification, and the stream's start. */
export const LIVE_EVENTS = { booking: 'booking', providerBooking: 'providerBooking', notification: 'notification', ready: 'ready' } as const;
