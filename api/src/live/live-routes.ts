import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { bookingSchema, LIVE_EVENTS, liveNotificationSchema, liveThreadSchema, providerBookingSchema } from '@utsav/contracts/schemas';
import type { Query } from '../db';
import { HttpError } from '../http/http-error';
import { parse } from '../http/parse';
import { toBooking } from '../bookings/booking-rows';
import { checkedResponse } from '../http/checked-response';
import { uidParams } from '../users/uid-params';
import { ownerOnly } from '../auth';
import { fileAnswer, type ApiPlugin } from '../http/route-schemas';
import { toNotification, unreadCount } from '../notifications/notification-rows';
import { changedBookings, changedProviderBookings, changedThreads, horizon, newNotifications } from './live-reads';
import { toProviderBooking } from '../bookings/provider-bookings';
import type { LiveBus } from './live-bus';

/**
 * GET /users/:uid/events — the consumer's live stream (issue 19, item 3), as Server-Sent Events:
 *   event: ready         once, first: where the stream starts (its id) and the unread count
 *   event: booking       a booking of theirs as it is now (the same shape as GET /bookings/:bid), after a change
 *   event: notification  a new notification, with the unread count
 *   event: providerBooking  for a person who runs listings: a booking of one of them as its provider sees it now
 *                        (the same shape as GET /provider/bookings/:bid, contact only once paid), after a change
 *   event: thread        a conversation they are in (either side) has a new message or read mark: { kind, threadId, role }
 * What a stream sends is read from the database, woken by the live bus (a committed change's NOTIFY)
 * and, in case a wake-up was lost, every safetyLookMs.
 *
 * Its position (each event's id) is a transaction id (migration 020): a look sends the changes of every
 * transaction after the position and older than the oldest transaction still running (the snapshot's
 * xmin), then moves the position there. A change that commits after a later-numbered one is therefore
 * never passed over, and nothing is sent twice. A client that reconnects sends the last id it had as
 * Last-Event-ID (the header, or ?lastEventId= for a client that cannot set it) and gets what it missed.
 */

export interface LiveStreamLimits {
  /** a comment line this often keeps proxies from closing a quiet stream */
  heartbeatMs: number;
  /** the stream looks again this often even unwoken (a wake-up lost with a dropped LISTEN connection) */
  safetyLookMs: number;
  /** a stream ends after this long: the client comes back with a fresh credential and its Last-Event-ID */
  maxStreamMs: number;
  /** streams one user may hold at once (tabs, phones); one more is a 429 */
  maxStreamsPerUser: number;
  /** streams one API process holds at once; one more is a 503 */
  maxStreams: number;
  /** the stream's credential is checked again this often; one now refused (revoked, expired) ends the stream */
  recheckMs: number;
}

export const LIVE_STREAM_LIMITS: LiveStreamLimits = {
  heartbeatMs: 15_000,
  safetyLookMs: 60_000,
  maxStreamMs: 10 * 60_000,
  maxStreamsPerUser: 5,
  maxStreams: 5_000,
  recheckMs: 60_000,
};

/** How long a client waits before it reconnects after the stream ends (the SSE `retry` field). */
const RETRY_MS = 3000;

const positionSchema = z.string().regex(/^\d{1,20}$/, 'Last-Event-ID must be an id this stream sent');
/** A change woken for that is not below the horizon yet (an older transaction still runs): look again this soon. */
const LOOK_AGAIN_MS = 200;
/** the most notifications one look sends (a stream back after a long time: the rest are in the bell's list) */
const NOTIFICATIONS_PER_LOOK = 50;

/** One SSE event; data is JSON on one line (JSON.stringify leaves no line break in it). */
const sseEvent = (event: string, id: string, data: unknown) => `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

export interface LiveRoutesOptions {
  query: Query;
  bus: LiveBus;
  limits?: Partial<LiveStreamLimits>;
}

/** ?lastEventId=: where to resume, for a client that cannot set the Last-Event-ID header */
const streamQuery = z.object({ lastEventId: z.string().optional() });

export const liveRoutes: ApiPlugin<LiveRoutesOptions> = async (app, { query, bus, limits: given }) => {
  const limits = { ...LIVE_STREAM_LIMITS, ...given };
  const perUser = new Map<string, number>();
  const open = new Set<() => void>();
  // closing the server ends every stream (its clients reconnect elsewhere), so close() does not wait on them
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  const events = { params: uidParams, querystring: streamQuery, response: { 200: fileAnswer('Server-Sent Events: ready, booking, notification, providerBooking, thread', 'text/event-stream') } };
  app.get('/users/:uid/events', { ...ownerOnly(app), schema: events }, async (request, reply) => {
    const { uid } = request.params;
    const lastEventId = request.headers['last-event-id'] ?? request.query.lastEventId;
    const given = lastEventId === undefined || lastEventId === '' ? null : parse(positionSchema, lastEventId);
    if ((perUser.get(uid) ?? 0) >= limits.maxStreamsPerUser) throw new HttpError(429, 'live.tooManyStreams');
    if (open.size >= limits.maxStreams) throw new HttpError(503, 'live.busy');

    // the stream's places (its user's, the process's) are taken here, with the checks and before anything
    // awaits: streams opened at once cannot all pass the checks first. end() gives them back, whatever stops
    // the stream (the client, the server, a failure while it starts).
    const stream = new PassThrough();
    let ended = false;
    const stops: Array<() => void> = [];
    const end = () => {
      if (ended) return;
      ended = true;
      open.delete(end);
      const left = (perUser.get(uid) ?? 1) - 1;
      if (left > 0) perUser.set(uid, left);
      else perUser.delete(uid);
      for (const stop of stops.splice(0)) stop();
      stream.end();
    };
    perUser.set(uid, (perUser.get(uid) ?? 0) + 1);
    open.add(end);
    /** `stop` runs when the stream ends (at once when it already has) */
    const whenEnded = (stop: () => void) => {
      if (ended) stop();
      else stops.push(stop);
    };
    reply.raw.once('close', end);

    let position: string;
    try {
      position = given ?? (await horizon(query));
    } catch (error) {
      end();
      throw error;
    }
    // the newest transaction a wake-up named: the stream looks until its position has passed it
    let awaited = 0n;
    let lookAgain: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;

    const write = (text: string) => {
      if (!ended) stream.write(text);
    };

    /** Sends what committed since the position; one look at a time (a wake-up during one makes another). */
    const look = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await sendNew();
        } while (again && !ended);
      } catch (error) {
        // the database is down or the stream is gone: the next wake-up or the safety look tries again
        request.log.warn({ err: error }, 'live stream: could not read changes');
      } finally {
        running = false;
      }
      if (!ended && BigInt(position) < awaited && lookAgain === undefined) {
        lookAgain = setTimeout(() => {
          lookAgain = undefined;
          void look();
        }, LOOK_AGAIN_MS);
      }
    };

    const sendNew = async (): Promise<void> => {
      const upTo = await horizon(query);
      if (BigInt(upTo) <= BigInt(position)) return;
      const changed = await changedBookings(query, uid, position, upTo);
      const providerChanged = await changedProviderBookings(query, uid, position, upTo);
      const notifications = await newNotifications(query, uid, position, upTo, NOTIFICATIONS_PER_LOOK);
      const threads = await changedThreads(query, uid, position, upTo);
      if (ended) return;
      position = upTo;
      for (const booking of changed) write(sseEvent(LIVE_EVENTS.booking, position, checkedResponse(bookingSchema, toBooking(booking))));
      for (const booking of providerChanged) {
        write(sseEvent(LIVE_EVENTS.providerBooking, position, checkedResponse(providerBookingSchema, toProviderBooking(booking))));
      }
      for (const thread of threads) {
        write(sseEvent(LIVE_EVENTS.thread, position, checkedResponse(liveThreadSchema, { kind: thread.kind, threadId: thread.thread_id, role: thread.role })));
      }
      if (notifications.length === 0) return;
      const unread = await unreadCount(query, uid);
      for (const row of notifications) {
        write(sseEvent(LIVE_EVENTS.notification, position, checkedResponse(liveNotificationSchema, { notification: toNotification(row), unreadCount: unread })));
      }
    };

    /**
     * The stream lasts no longer than its credential: it is checked again every recheckMs by the auth plugin's
     * own check (app.authenticate, on this request's Authorization header, as if it came again), and one it now
     * refuses (revoked, signed out, the account disabled or deleted, expired) ends the stream. A check that could
     * not be made (Firebase or the database unreachable) leaves it running until the next one.
     */
    let checking = false;
    const checkCredential = async (): Promise<void> => {
      // one check at a time: a slow one (Firebase slow to answer) is not piled on
      if (checking) return;
      checking = true;
      try {
        await app.authenticate(request);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) end();
        else request.log.warn({ err: error }, 'live stream: could not check its credential again');
      } finally {
        checking = false;
      }
    };

    const unsubscribe = bus.subscribe(uid, (txid) => {
      if (txid > awaited) awaited = txid;
      void look();
    });
    const heartbeat = setInterval(() => write(': ping\n\n'), limits.heartbeatMs);
    const safetyLook = setInterval(() => void look(), limits.safetyLookMs);
    const recheck = setInterval(() => void checkCredential(), limits.recheckMs);
    // the credential's own expiry (an ID token's exp, a session's), when it has one, else the stream's time limit
    const expiresAt = request.user?.expiresAt ?? Infinity;
    const deadline = setTimeout(() => end(), Math.max(0, Math.min(limits.maxStreamMs, expiresAt - Date.now())));
    whenEnded(() => {
      unsubscribe();
      clearInterval(heartbeat);
      clearInterval(safetyLook);
      clearInterval(recheck);
      clearTimeout(lookAgain);
      clearTimeout(deadline);
    });

    write(`retry: ${RETRY_MS}\n\n`);
    try {
      const unread = await unreadCount(query, uid);
      write(sseEvent(LIVE_EVENTS.ready, position, { unreadCount: unread }));
    } catch (error) {
      end();
      throw error;
    }
    // what was missed since Last-Event-ID
    void look();
    return reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // nginx and the like: do not buffer it
      .header('X-Accel-Buffering', 'no')
      .send(stream);
  });
};
