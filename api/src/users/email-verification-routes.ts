import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { emailVerificationSchema } from '@utsav/contracts/schemas';
import { localeOr } from '@utsav/contracts/language';
import { paths } from '@utsav/contracts/routes';
import type { Database } from '../db';
import { apiText } from '../http/api-messages';
import { ownerOnly } from '../auth';
import { badRequest, HttpError, notFound } from '../http/http-error';
import type { ApiPlugin } from '../http/route-schemas';
import { PROFILE_NOT_FOUND } from './consumer-routes';
import { uidParams } from './uid-params';
import { emailStatus, lockForSending, storeLink, useLink } from './email-verification-repository';

/**
 * Email verification (issue 34, item 4; migration 025): an address is proven to be the consumer's by a link
 * sent to it, through the notifications' outbox (the sender delivers it like any notification's email).
 *
 * - GET  /users/consumer/:uid/email-verification: the profile's email and whether it is verified.
 * - POST /users/consumer/:uid/email-verification: sends a link to the profile's email (one a minute).
 * - GET  /email-verification/:token: the link. Opens for a day, for the address it was sent to while that is
 *   still the profile's email; then the email is verified and the browser goes to My Account.
 */

export const ALREADY_VERIFIED = 'emailVerification.alreadyVerified';
export const TOO_SOON = 'emailVerification.tooSoon';
export const LINK_INVALID = 'emailVerification.linkInvalid';
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

export const emailVerificationRoutes: ApiPlugin<EmailVerificationDeps> = async (app, { db, apiUrl, appUrl }) => {
  const asOwner = ownerOnly(app);

  const statusOf = async (uid: string) => {
    const status = await emailStatus(db.query, uid);
    if (!status) throw notFound(PROFILE_NOT_FOUND);
    return status;
  };

  app.get('/users/consumer/:uid/email-verification', { ...asOwner, schema: { params: uidParams, response: { 200: emailVerificationSchema } } }, async (request) =>
    statusOf(request.params.uid),
  );

  app.post('/users/consumer/:uid/email-verification', { ...asOwner, schema: { params: uidParams, response: { 202: emailVerificationSchema } } }, async (request, reply) => {
    const { uid } = request.params;
    const token = randomBytes(32).toString('base64url');
    const sent = await db.transaction(async (session) => {
      const consumer = await lockForSending(session.query, uid, RESEND_AFTER_MS);
      if (!consumer) throw notFound(PROFILE_NOT_FOUND);
      if (consumer.verified) throw new HttpError(409, ALREADY_VERIFIED);
      if (consumer.recent) {
        reply.header('Retry-After', String(RESEND_AFTER_MS / 1000));
        throw new HttpError(429, TOO_SOON);
      }
      const language = localeOr(consumer.language);
      const link = `${apiUrl}/email-verification/${token}`;
      await storeLink(session.query, {
        tokenHash: hashOf(token),
        uid,
        email: consumer.email,
        lifetimeMs: LINK_LIFETIME_MS,
        subject: apiText(language, 'emailVerification.subject'),
        body: apiText(language, 'emailVerification.body', { email: consumer.email, link }),
      });
      return consumer.email;
    });
    return reply.code(202).send({ email: sent, verified: false });
  });

  // the link in the email: the browser goes on to My Account
  app.get('/email-verification/:token', { schema: { params: tokenParams, response: { 303: z.null().describe('on to My Account, the email verified') } } }, async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN.test(token)) throw badRequest(LINK_INVALID);
    const verified = await db.transaction((session) => useLink(session.query, hashOf(token)));
    if (!verified) throw badRequest(LINK_INVALID);
    return reply.header('Cache-Control', 'no-store').redirect(`${appUrl}${paths.account()}?${VERIFIED_QUERY}`, 303);
  });
};
