import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Query } from '../db';

/**
 * A @fastify/rate-limit store in the database (migration 021), for several API instances on one PostgreSQL:
 * each request of a limited kind is one upsert of its client's counter (a fixed window of `timeWindow`
 * from the first request, like the plugin's in-memory store). Each limiter counts under its own
 * `nameSpace` (given with its options). Expired counters are swept by `sweepRateLimitCounters`.
 */

/** The options each limiter is created with: which counters are its own, and whether they stay in this process. */
export interface NamespacedLimit {
  nameSpace: string;
  /** counted in this process's memory (the plugin's own store) even where the others are shared */
  inProcess?: boolean;
}

type LocalStoreCtor = new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => FastifyRateLimitStore;
// the plugin's in-memory store (its package has no exports map, and no typings for this file)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as LocalStoreCtor;

const window = 'make_interval(secs => $2::double precision / 1000)';

const INCREMENT_SQL = `
  INSERT INTO rate_limit_counters AS c (key, window_start, count) VALUES ($1, clock_timestamp(), 1)
  ON CONFLICT (key) DO UPDATE SET
    window_start = CASE WHEN c.window_start + ${window} <= clock_timestamp() THEN clock_timestamp() ELSE c.window_start END,
    count = CASE WHEN c.window_start + ${window} <= clock_timestamp() THEN 1 ELSE c.count + 1 END
  RETURNING count, GREATEST(0, ceil(EXTRACT(EPOCH FROM (window_start + ${window} - clock_timestamp())) * 1000))::int AS ttl`;

const READ_SQL = `
  SELECT count, GREATEST(0, ceil(EXTRACT(EPOCH FROM (window_start + ${window} - clock_timestamp())) * 1000))::int AS ttl
  FROM rate_limit_counters WHERE key = $1 AND window_start + ${window} > clock_timestamp()`;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * How long a counter's read or upsert may take (it takes a millisecond or two) before the limiter gives up on
 * it. The plugin is registered with skipOnError, so a database that hangs lets requests through after this
 * instead of holding every signed-in request for as long as the database takes.
 */
export const RATE_LIMIT_STORE_DEADLINE_MS = 1000;

/** `query`'s rows, or a rejection once `deadlineMs` has passed (the statement itself ends by the database's own timeout). */
function withDeadline<Row>(rows: Promise<Row[]>, deadlineMs: number): Promise<Row[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`rate limit counter not reached within ${deadlineMs} ms`)), deadlineMs);
  });
  // the query's own failure, after the deadline, is nobody's to handle
  rows.catch(() => undefined);
  return Promise.race([rows, late]).finally(() => clearTimeout(timer));
}

export function databaseRateLimitStore(query: Query, deadlineMs = RATE_LIMIT_STORE_DEADLINE_MS): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly nameSpace: string;

    constructor(options: object) {
      this.nameSpace = (options as Partial<NamespacedLimit>).nameSpace ?? '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      withDeadline(query<{ count: number; ttl: number }>(INCREMENT_SQL, [`${this.nameSpace}${key}`, timeWindow]), deadlineMs).then(
        ([row]) => callback(null, { current: row!.count, ttl: row!.ttl }),
        (error: Error) => callback(error),
      );
    }

    /** A look without counting (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback, timeWindow: number): void {
      withDeadline(query<{ count: number; ttl: number }>(READ_SQL, [`${this.nameSpace}${key}`, timeWindow]), deadlineMs).then(
        ([row]) => callback(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin calls it with each limiter's merged options (which carry its nameSpace). */
    child(options: object): FastifyRateLimitStore {
      return (options as Partial<NamespacedLimit>).inProcess ? new LocalStore() : new DatabaseRateLimitStore(options);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes the counters whose window has long ended (every limit's window is a minute). */
export async function sweepRateLimitCounters(query: Query): Promise<void> {
  await query(`DELETE FROM rate_limit_counters WHERE window_start < now() - interval '5 minutes'`);
}
