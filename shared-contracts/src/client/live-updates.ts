import { useEffect } from 'react';
import { atom } from 'jotai/vanilla';
import { useAtomValue } from 'jotai/react';
import { getConfig } from './config';
import { currentIdToken } from './firebase';
import { afterInteractive } from './interactive';
import type { Booking } from '../domain/schemas/booking';
import type { AppNotification, NotificationKind, NotificationList } from '../domain/schemas/notification';
import { LIVE_EVENTS, isEnquiryNotification } from '../domain/schemas/notification-values';
import { utsavStore } from '../i18n/store';
import { toast, type ToastType } from './toast';
import { useSession } from './session';
import { currentCache, type ApiCache } from './api-cache';
import { BOOKING_LISTS, bookingKeys, notificationsKey } from './resource';

/**
 * The signed-in user's live updates (issue 19, item 3): one stream per tab (GET /users/:uid/events,
 * Server-Sent Events read with fetch, so it carries the user's credential), connected by the host while
 * someone is signed in. A booking it brings shows in every view of it (showBookingChange); the top bar takes the unread count;
 * a notification the user has push on for is a toast, wherever they are. While the stream is not up
 * (useLiveStatus() !== 'open') pages fall back to asking again now and then.
 */

export type LiveStatus = 'off' | 'connecting' | 'open' | 'down';

export const liveStatusAtom = atom<LiveStatus>('off');
/** the signed-in user's unread notifications, as the stream last said (0 until it has) */
export const unreadNotificationsAtom = atom(0);

/**
 * A booking as it now is (the live stream brought it, or the server answered a change made on this page):
 * every view of it in the page's cache shows it — the booking itself and the user's list of bookings (a new
 * one goes on top) — and what follows from it (its history, what cancelling it would refund) is asked again.
 * The one place a booking's change reaches the pages.
 */
export function showBookingChange(booking: Booking, cache: ApiCache = currentCache()): void {
  const { bookingId } = booking;
  cache.update<Booking>(bookingKeys.one(bookingId), () => booking);
  cache.updateEach<Booking[]>(BOOKING_LISTS, (list) =>
    list.some((b) => b.bookingId === bookingId) ? list.map((b) => (b.bookingId === bookingId ? booking : b)) : [booking, ...list],
  );
  cache.invalidate(bookingKeys.history(bookingId));
  cache.invalidate(bookingKeys.cancellationTerms(bookingId));
}

/** A new notification: on top of the bell's list, when the page holds it (the unread count is the stream's). */
export function showNewNotification(uid: string, notification: AppNotification, cache: ApiCache = currentCache()): void {
  cache.update<NotificationList>(notificationsKey(uid), (list) => ({
    ...list,
    notifications: [notification, ...list.notifications.filter((n) => n.notificationId !== notification.notificationId)],
  }));
}

export function useLiveStatus(): LiveStatus {
  return useAtomValue(liveStatusAtom);
}

export function useUnreadNotifications(): number {
  return useAtomValue(unreadNotificationsAtom);
}

/**
 * Keeps the signed-in user's live stream connected while the calling component (the host's layout) is
 * mounted. It connects once the app has taken the page over: the stream (and the Firebase token it
 * carries) is no part of the first screen.
 */
export function useLiveConnection(): void {
  const session = useSession();
  const uid = session.status === 'signedIn' ? session.uid : null;
  useEffect(() => {
    if (!uid) return undefined;
    let disconnect: (() => void) | undefined;
    const cancel = afterInteractive(() => (disconnect = connectLiveUpdates(uid)));
    return () => {
      cancel();
      disconnect?.();
    };
  }, [uid]);
}

/** What a toast of each kind looks like. */
const TOAST_TYPES: Record<NotificationKind, ToastType> = {
  accepted: 'success',
  declined: 'warning',
  paid: 'success',
  payment_failed: 'error',
  rescheduled: 'success',
  reschedule_declined: 'warning',
  refunded: 'info',
  quote_received: 'success',
  enquiry_declined: 'warning',
  new_message: 'info',
};

/** One Server-Sent Event as the stream's fields gave it. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * Splits a text/event-stream into events (the WHATWG rules that this API's stream uses: `event`, `id`,
 * `data` on one or more lines, comments, blank-line ends; `retry` is read by the caller's backoff).
 * Feed it decoded chunks; it calls `onEvent` for each complete event.
 */
export function sseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onEvent({ event: event || 'message', id, data: data.join('\n') });
        event = '';
        id = undefined;
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
  };
}

/** Waits before the next attempt: at once after a clean end, then 1 s, 2 s, 4 s… up to 30 s, with some jitter. */
function backoffMs(failures: number): number {
  if (failures === 0) return 0;
  const base = Math.min(30_000, 1000 * 2 ** (failures - 1));
  return base / 2 + Math.random() * (base / 2);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/**
 * Connects `uid`'s live stream and keeps it connected (again after it ends or fails, with the last
 * event's id, so nothing is missed) until the function it gives is called. Browser only.
 */
export function connectLiveUpdates(uid: string): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let lastEventId: string | undefined;
  // a notification is shown once, even if a reconnect brings it again
  const seen = new Set<string>();
  const setStatus = (status: LiveStatus) => utsavStore.set(liveStatusAtom, status);

  // the events' schemas (and zod) load when the stream first connects, not with every page (live-schemas.ts)
  let schemas: typeof import('./live-schemas') | undefined;

  const handle = (event: SseEvent) => {
    if (event.id !== undefined) lastEventId = event.id;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (event.event === LIVE_EVENTS.ready) {
      setStatus('open');
      const unread = (data as { unreadCount?: unknown }).unreadCount;
      if (typeof unread === 'number') utsavStore.set(unreadNotificationsAtom, unread);
    } else if (event.event === LIVE_EVENTS.booking && schemas) {
      const booking = schemas.bookingSchema.safeParse(data);
      if (booking.success) showBookingChange(booking.data);
    } else if (event.event === LIVE_EVENTS.providerBooking && schemas) {
      const booking = schemas.providerBookingSchema.safeParse(data);
      // the provider side's patch comes with the schemas (provider-api.ts): no consumer's first load carries it
      if (booking.success) schemas.showProviderBookingChange(booking.data);
    } else if (event.event === LIVE_EVENTS.thread && schemas) {
      // a conversation of theirs changed (a message, a read mark): the page showing it and the lists ask again
      const thread = schemas.liveThreadSchema.safeParse(data);
      if (thread.success) schemas.showThreadChange(uid, thread.data);
    } else if (event.event === LIVE_EVENTS.notification && schemas) {
      const parsed = schemas.liveNotificationSchema.safeParse(data);
      if (!parsed.success) return;
      utsavStore.set(unreadNotificationsAtom, parsed.data.unreadCount);
      const { notification } = parsed.data;
      if (seen.has(notification.notificationId)) return;
      seen.add(notification.notificationId);
      if (notification.push) toast.show(notification.title, { type: TOAST_TYPES[notification.kind], dedupe: true });
      showNewNotification(uid, notification);
      // a quote received or an enquiry declined: the enquiries a page shows follow (plan-api.ts)
      if (isEnquiryNotification(notification.kind)) schemas.showEnquiryNotification(uid);
    }
  };

  const connectOnce = async (): Promise<'ended' | 'failed' | 'refused'> => {
    schemas ??= await import('./live-schemas');
    const token = await currentIdToken();
    if (!token) return 'refused';
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    const response = await fetch(`${getConfig().apiUrl}/users/${encodeURIComponent(uid)}/events`, { headers, signal, cache: 'no-store' });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      // 403/404: not this user's to open (signed out meanwhile); the others (401 expired, 429, 5xx) pass
      return response.status === 403 || response.status === 404 ? 'refused' : 'failed';
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const feed = sseParser(handle);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      feed(decoder.decode(value, { stream: true }));
    }
  };

  void (async () => {
    let failures = 0;
    setStatus('connecting');
    while (!signal.aborted) {
      let outcome: 'ended' | 'failed' | 'refused';
      try {
        outcome = await connectOnce();
      } catch {
        outcome = 'failed';
      }
      if (signal.aborted) break;
      if (outcome === 'refused') {
        setStatus('down');
        break;
      }
      // a stream that was open and ended (the server's time limit) comes back at once; one that broke, soon
      const wasOpen = utsavStore.get(liveStatusAtom) === 'open';
      if (wasOpen) failures = outcome === 'ended' ? 0 : 1;
      else failures += 1;
      setStatus('down');
      await sleep(backoffMs(failures), signal);
    }
  })();

  return () => {
    controller.abort();
    setStatus('off');
    utsavStore.set(unreadNotificationsAtom, 0);
  };
}
