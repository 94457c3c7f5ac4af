import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localeOr } from '@utsav/contracts/language';
import { paths } from '@utsav/contracts/routes';
import type { Database } from '../db';
import { apiText } from '../http/api-messages';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { parse } from '../http/parse';
import { PROFILE_NOT_FOUND } from './consumer-routes';
import { uidParams } from './uid-params';

/**
 * Email verification (issue 34, item 4; migration 025): an address is proven to be the consumer's by a link
 * sent to it, through the notifications' outbox (the sender delivers it like any notification's email).
 *
 * - GET  /users/consumer/:uid/email-verification: the profile's email and whether it is verified.
 * - POST /users/consumer/:uid/email-verification: sends a link to the profile's email (one a minute).
 * - GET  /email-verification/:token: the link. Opens for a day, for the address it was sent to while that is
 *   still the profile's email; then the email is verified and the browser goes to My Account.
 */

export const ALREADY_VERIFIED = 'Your email address is already verified';
export const TOO_SOON = 'A verification link was sent less than a minute ago. Please check your inbox, or try again in a minute.';
export const LINK_INVALID = 'This verification link is not valid or has expired. Ask for a new one in My Account.';
/** A day to open the link; one link a minute (each is an email to an address not yet known to be theirs). */
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const RESEND_AFTER_MS = 60 * 1000;
/** Where the link sends the browser once the email is verified (My Account reads the flag). */
export const VERIFIED_QUERY = 'emailVerified=1';

const tokenParams = z.object({ token: z.string() });
/** 32 random bytes, base64url: anything else is no link of ours (said as any bad link is) */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EmailVerificationDeps {
  db: Database;
  /** the API's public address: the link is built on it */
  apiUrl: string;
  /** the app's: the link sends the browser back to My Account there */
  appUrl: string;
}

export function registerEmailVerificationRoutes(app: FastifyInstance, { db, apiUrl, appUrl }: EmailVerificationDeps): void {
  const ownerOnly = { preHandler: [app.authenticate, app.requireOwner] };

  const statusOf = async (uid: string) => {
    const [row] = await db.query<{ email: string; verified: boolean }>(
      'SELECT email, email_verified IS NOT NULL AND email_verified = email AS verified FROM consumers WHERE uid = $1',
      [uid],
    );
    if (!row) throw notFound(PROFILE_NOT_FOUND);
    return { email: row.email, verified: row.verified };
  };

  app.get('/users/consumer/:uid/email-verification', ownerOnly, async (request) => statusOf(parse(uidParams, request.params).uid));

  app.post('/users/consumer/:uid/email-verification', ownerOnly, async (request, reply) => {
    const { uid } = parse(uidParams, request.params);
    const token = randomBytes(32).toString('base64url');
    const sent = await db.transaction(async (session) => {
      // one at a time per consumer: two requests at once cannot both pass the minute's check
      const [consumer] = await session.query<{ email: string; verified: boolean; language: string | null; recent: boolean }>(
        `SELECT email, email_verified IS NOT NULL AND email_verified = email AS verified, language,
                EXISTS (SELECT 1 FROM email_verifications v WHERE v.consumer_uid = c.uid
                        AND v.created_at > now() - make_interval(secs => $2::double precision / 1000)) AS recent
         FROM consumers c WHERE uid = $1 FOR UPDATE`,
        [uid, RESEND_AFTER_MS],
      );
      if (!consumer) throw notFound(PROFILE_NOT_FOUND);
      if (consumer.verified) throw new HttpError(409, ALREADY_VERIFIED);
      if (consumer.recent) {
        reply.header('Retry-After', String(RESEND_AFTER_MS / 1000));
        throw new HttpError(429, TOO_SOON);
      }
      const hash = hashOf(token);
      await session.query(
        `INSERT INTO email_verifications (token_hash, consumer_uid, email, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision / 1000))`,
        [hash, uid, consumer.email, LINK_LIFETIME_MS],
      );
      const language = localeOr(consumer.language);
      const link = `${apiUrl}/email-verification/${token}`;
      await session.query(
        `INSERT INTO notification_deliveries (channel, recipient, verification, subject, body) VALUES ('email', $1, $2, $3, $4)`,
        [consumer.email, hash, apiText(language, 'emailVerification.subject'), apiText(language, 'emailVerification.body', { email: consumer.email, link })],
      );
      return consumer.email;
    });
    return reply.code(202).send({ email: sent, verified: false });
  });

  app.get('/email-verification/:token', async (request, reply) => {
    const { token } = parse(tokenParams, request.params);
    if (!TOKEN.test(token)) throw badRequest(LINK_INVALID);
    const verified = await db.transaction(async (session) => {
      const [link] = await session.query<{ consumer_uid: string }>(
        `SELECT v.consumer_uid FROM email_verifications v JOIN consumers c ON c.uid = v.consumer_uid
         WHERE v.token_hash = $1 AND v.expires_at > now() AND v.email = c.email FOR UPDATE OF c`,
        [hashOf(token)],
      );
      if (!link) return false;
      await session.query('UPDATE consumers SET email_verified = email, updated_at = now() WHERE uid = $1', [link.consumer_uid]);
      // every link of theirs is spent (their deliveries go with them, sent or not)
      await session.query('DELETE FROM email_verifications WHERE consumer_uid = $1', [link.consumer_uid]);
      return true;
    });
    if (!verified) throw badRequest(LINK_INVALID);
    return reply.header('Cache-Control', 'no-store').redirect(`${appUrl}${paths.account()}?${VERIFIED_QUERY}`, 303);
  });
}
