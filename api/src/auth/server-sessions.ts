import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db';
import { unauthorized } from '../http/http-error';
import type { AuthUser, SessionCookieVerifier, SessionUserCheck } from './auth-user';
import { INVALID_SESSION_COOKIE, REJECTED } from './firebase-token-verifier';

/** How long a server session lasts (as Firebase's longest session cookie did): the browser makes a new one after a fresh sign-in. */
export const SERVER_SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** A user's live sessions beyond this many are ended, oldest first (one per device is the norm). */
export const MAX_LIVE_SESSIONS_PER_USER = 20;
/** last_seen_at is written at most this often per session (it is for the user's and an operator's eyes, not a check). */
const LAST_SEEN_EVERY_S = 60;
/** Ended or expired rows are kept this long (what an investigation may ask), then deleted at the user's next sign-in. */
const KEEP_ENDED_DAYS = 30;

/** 256 random bits, base64url: the cookie's value. Nothing about it is guessable or derived from the user. */
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

export const SESSION_ENDED = REJECTED['auth/session-cookie-revoked']!;
export const SESSION_EXPIRED = REJECTED['auth/session-cookie-expired']!;

export interface ServerSessions {
  /** A new session of `user` (from a recent sign-in, checked by the caller): its id, for the host's cookie. */
  create(user: AuthUser): Promise<string>;
  /** The user of a live session id; rejects with 401 (unknown, ended, expired, or the Firebase user is no more) or 503. */
  verify: SessionCookieVerifier;
  /** Ends one session (sign-out on its device); false when it was not live. */
  end(id: string): Promise<boolean>;
  /** Ends every live session of `uid` (sign out of all devices, account deletion); how many were live. */
  endAll(uid: string): Promise<number>;
}

interface Row {
  uid: string;
  phone: string | null;
  created_ms: string;
  revoked: boolean;
  expired: boolean;
  seen_stale: boolean;
}

/**
 * Server sessions in the database (migration 024): looked up on every use, so an ended session is refused at once
 * by every API instance; whether the Firebase user still stands is asked through `checkUser` (cached per user
 * for AUTH_TOKEN_CACHE_MS).
 */
export function createServerSessions(db: Pick<Database, 'query'>, checkUser: SessionUserCheck): ServerSessions {
  return {
    async create(user) {
      const id = randomBytes(32).toString('base64url');
      await db.query(
        `DELETE FROM server_sessions WHERE uid = $1 AND (expires_at < now() - make_interval(days => $2) OR revoked_at < now() - make_interval(days => $2))`,
        [user.uid, KEEP_ENDED_DAYS],
      );
      await db.query(`INSERT INTO server_sessions (id_hash, uid, phone, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
        hashOf(id),
        user.uid,
        user.phone,
        SERVER_SESSION_MAX_AGE_MS / 1000,
      ]);
      await db.query(
        `UPDATE server_sessions SET revoked_at = now()
         WHERE id_hash IN (SELECT id_hash FROM server_sessions WHERE uid = $1 AND revoked_at IS NULL AND expires_at > now()
                           ORDER BY created_at DESC, id_hash OFFSET $2)`,
        [user.uid, MAX_LIVE_SESSIONS_PER_USER],
      );
      return id;
    },

    async verify(id) {
      if (!ID_PATTERN.test(id)) throw unauthorized(INVALID_SESSION_COOKIE);
      const idHash = hashOf(id);
      const [row] = await db.query<Row>(
        `SELECT uid, phone, (extract(epoch FROM created_at) * 1000)::bigint::text AS created_ms, revoked_at IS NOT NULL AS revoked,
                expires_at <= now() AS expired, last_seen_at < now() - make_interval(secs => $2) AS seen_stale
         FROM server_sessions WHERE id_hash = $1`,
        [idHash, LAST_SEEN_EVERY_S],
      );
      if (!row) throw unauthorized(INVALID_SESSION_COOKIE);
      if (row.revoked) throw unauthorized(SESSION_ENDED);
      if (row.expired) throw unauthorized(SESSION_EXPIRED);
      await checkUser(row.uid, Number(row.created_ms));
      if (row.seen_stale) await db.query('UPDATE server_sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
      return { uid: row.uid, phone: row.phone };
    },

    async end(id) {
      if (!ID_PATTERN.test(id)) return false;
      const ended = await db.query('UPDATE server_sessions SET revoked_at = now() WHERE id_hash = $1 AND revoked_at IS NULL RETURNING 1', [hashOf(id)]);
      return ended.length > 0;
    },

    async endAll(uid) {
      const ended = await db.query(
        'UPDATE server_sessions SET revoked_at = now() WHERE uid = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING 1',
        [uid],
      );
      return ended.length;
    },
  };
}
