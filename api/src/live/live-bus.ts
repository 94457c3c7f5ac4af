import type { Database, Query } from '../db';

/**
 * The live stream's wake-up call (issue 19, item 3). A change a consumer's live stream should carry (a
 * booking of theirs changed, a notification for them) sends the consumer's uid with pg_notify on one
 * channel, in the change's own transaction: PostgreSQL delivers it at COMMIT (never for a rollback), to
 * every process listening — so a change made through one API instance reaches a stream held by another.
 * What changed is then read from the database by the stream itself (live-routes.ts): the notification is
 * only a wake-up, and a lost one costs a delay, not an event.
 */
export const LIVE_CHANNEL = 'utsav_live';

/**
 * In the caller's transaction: wakes `uid`'s live streams once it commits. The payload is
 * `<transaction id> <uid>`: a stream knows which transaction it must see before it has seen the change.
 */
export async function announceChange(query: Query, uid: string): Promise<void> {
  await query(`SELECT pg_notify($1, pg_current_xact_id()::text || ' ' || $2)`, [LIVE_CHANNEL, uid]);
}

/**
 * In the caller's transaction: wakes the live streams of the person who runs the booking's listing (their
 * providerBooking events), once it commits. Nothing for a listing nobody runs.
 */
export async function announceToListingOwner(query: Query, bookingId: string): Promise<void> {
  await query(
    `SELECT pg_notify($1, pg_current_xact_id()::text || ' ' || p.owner_uid)
     FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.id = $2 AND p.owner_uid IS NOT NULL`,
    [LIVE_CHANNEL, bookingId],
  );
}

export interface LiveBus {
  /** `wake` runs after every committed change for `uid`, with its transaction id, until the function it gives is called */
  subscribe(uid: string, wake: (txid: bigint) => void): () => void;
  /** how many streams are subscribed (for the limits and the health of the bus) */
  readonly size: number;
  close(): Promise<void>;
}

/** Listens on LIVE_CHANNEL once for the process and hands each wake-up to the uid's subscribers. */
export async function startLiveBus(db: Pick<Database, 'listen'>): Promise<LiveBus> {
  const subscribers = new Map<string, Set<(txid: bigint) => void>>();
  let size = 0;
  const stop = await db.listen(LIVE_CHANNEL, (payload) => {
    const space = payload.indexOf(' ');
    if (space < 0 || !/^\d+$/.test(payload.slice(0, space))) return;
    const txid = BigInt(payload.slice(0, space));
    for (const wake of subscribers.get(payload.slice(space + 1)) ?? []) wake(txid);
  });
  return {
    subscribe(uid, wake) {
      let set = subscribers.get(uid);
      if (!set) subscribers.set(uid, (set = new Set()));
      // the same function twice is two subscriptions
      const entry = (txid: bigint) => wake(txid);
      set.add(entry);
      size += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        size -= 1;
        set.delete(entry);
        if (set.size === 0) subscribers.delete(uid);
      };
    },
    get size() {
      return size;
    },
    close: stop,
  };
}
