import type { FastifyBaseLogger } from 'fastify';
import { localeOr, type Locale } from '@utsav/contracts/language';
import { isEnquiryNotification, notificationEmailText, notificationPath, notificationSmsText, providerNotificationPath } from '@utsav/contracts/schemas';
import type { Database } from '../db';
import { ChannelError, type ChannelName, type Channels } from './channels';

/**
 * Sends the outbox's deliveries (migration 020): at least once, never twice for a retry.
 *
 * A look claims up to BATCH due deliveries — `FOR UPDATE SKIP LOCKED`, so two senders (two API instances)
 * never claim the same one — by leasing them (locked_until) and counting the attempt, in a transaction of
 * its own. It then sends them one by one and marks each as soon as its channel took it.
 *
 * The lease is per delivery, and the claim's attempt count is its fence (every claim raises it). Just
 * before its send, a delivery's lease is taken again from now, only if the count is still the claim's: a
 * delivery whose lease lapsed while the ones before it were sent (a slow relay) and that another sender has
 * claimed since is left to that sender. While the channel has it, the lease is renewed every third of its
 * length, so a send slower than the lease (the SMTP deadline is a minute, as long as the default lease) is
 * never claimed by another sender mid-send. The outcome is written only under the same fence.
 *
 * A sender that dies mid-batch leaves the rest leased; once the lease passes, another look claims them
 * again. Only the one being sent at the moment of death can go out twice, and it goes with the same idempotency key
 * (`utsav-delivery-<id>`: the email's Message-ID, the SMS API's Idempotency-Key), by which the mailbox and
 * the SMS provider drop the second copy. WhatsApp's Cloud API has no such key: the key rides as the message's
 * `biz_opaque_callback_data`, which the local stand-in drops a resend by, and Meta does not (a second copy can
 * reach the phone only after a sender died mid-send, or the API's answer was lost).
 *
 * A retryable failure (the relay or provider down or busy) is tried again later, backing off; a permanent
 * one (refused for good) or too many attempts marks the delivery failed, with its error kept.
 */

export const BATCH = 20;
/** The WhatsApp template's language for each of the app's: Meta's codes (the template is approved in both). */
export const WHATSAPP_LANGUAGE: Record<Locale, string> = { 'en-IN': 'en', 'hi-IN': 'hi' };
export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min… at most an hour between attempts */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

interface ClaimedDelivery {
  id: string;
  channel: ChannelName;
  recipient: string;
  attempts: number;
  title: string;
  body: string;
  /** the language the notification was written in: its email and SMS are worded in it too */
  language: string;
  booking_id: string | null;
  /** what it tells of (null: an email with its own words): an enquiry's kinds lead to the enquiries (migration 033) */
  kind: string | null;
  /** the enquiry an enquiry's notification tells of (migration 033; null once it is gone) */
  enquiry_id: string | null;
  /** whom it tells: the booking's consumer, or the person who runs its listing (migration 028) */
  audience: 'consumer' | 'provider' | null;
  /** an email with its own words (a verification link, migration 025), sent as it is: no notification behind it */
  own_body: string | null;
}


export interface NotificationSenderOptions {
  db: Database;
  channels: Channels;
  /** the app's origin: emails and texts link to the booking there */
  appUrl: string;
  /** how long a claim holds */
  leaseMs: number;
  log: FastifyBaseLogger;
}

export interface NotificationSender {
  /** claims the due deliveries and sends them; resolves with how many went out */
  sendDue(): Promise<number>;
}

export function createNotificationSender({ db, channels, appUrl, leaseMs, log }: NotificationSenderOptions): NotificationSender {
  const claim = () =>
    db.transaction((session) =>
      session.query<ClaimedDelivery>(
        `WITH claimed AS (
           UPDATE notification_deliveries d
           SET locked_until = now() + make_interval(secs => $1::double precision / 1000), attempts = d.attempts + 1
           WHERE d.id IN (
             SELECT id FROM notification_deliveries
             WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
             ORDER BY next_attempt_at, id LIMIT ${BATCH}
             FOR UPDATE SKIP LOCKED)
           RETURNING d.id, d.notification_id, d.channel, d.recipient, d.attempts, d.subject, d.body)
         SELECT c.id::text AS id, c.channel, c.recipient, c.attempts, coalesce(n.title, c.subject) AS title, coalesce(n.body, c.body) AS body,
                coalesce(n.language, 'en-IN') AS language, n.booking_id::text AS booking_id, n.enquiry_id::text AS enquiry_id, n.kind, n.audience, CASE WHEN n.id IS NULL THEN c.body END AS own_body
         FROM claimed c LEFT JOIN notifications n ON n.id = c.notification_id ORDER BY c.id`,
        [leaseMs],
      ),
    );

  // where it leads, on the recipient's side of the app (the route table's paths)
  const link = (delivery: ClaimedDelivery) => {
    const about = { kind: delivery.kind ?? '', bookingId: delivery.booking_id, enquiryId: delivery.enquiry_id };
    return `${appUrl}${delivery.audience === 'provider' ? providerNotificationPath(about) : notificationPath(about)}`;
  };

  async function send(delivery: ClaimedDelivery): Promise<string> {
    const idempotencyKey = `utsav-delivery-${delivery.id}`;
    if (delivery.own_body !== null) return (await channels.email.send({ to: delivery.recipient, subject: delivery.title, text: delivery.own_body, idempotencyKey })).providerMessageId;
    if (delivery.channel === 'email') {
      const about = delivery.kind === 'new_message' ? 'conversation' : isEnquiryNotification(delivery.kind ?? '') ? 'enquiry' : 'booking';
      const text = notificationEmailText(localeOr(delivery.language), delivery.body, link(delivery), delivery.audience ?? 'consumer', about);
      return (await channels.email.send({ to: delivery.recipient, subject: delivery.title, text, idempotencyKey })).providerMessageId;
    }
    if (delivery.channel === 'whatsapp') {
      // the approved template in the notification's language, its parameters the title, the body and the link
      const language = WHATSAPP_LANGUAGE[localeOr(delivery.language)];
      return (await channels.whatsapp.send({ to: delivery.recipient, language, title: delivery.title, body: delivery.body, link: link(delivery), idempotencyKey })).providerMessageId;
    }
    // the title, the body (its dates and amounts) and the link
    const text = notificationSmsText(localeOr(delivery.language), delivery, link(delivery));
    return (await channels.sms.send({ to: delivery.recipient, text, idempotencyKey })).providerMessageId;
  }

  /** Leases `delivery` for leaseMs from now if this sender's claim still holds it (no other claim since); false if not. */
  async function renew(delivery: ClaimedDelivery): Promise<boolean> {
    const held = await db.query(
      `UPDATE notification_deliveries SET locked_until = now() + make_interval(secs => $3::double precision / 1000)
       WHERE id = $1 AND attempts = $2 AND status = 'pending' RETURNING id`,
      [delivery.id, delivery.attempts, leaseMs],
    );
    return held.length === 1;
  }

  /** Sends `delivery` while renewing its lease, so that no other sender claims it however long the channel takes. */
  async function sendHeld(delivery: ClaimedDelivery): Promise<string> {
    let renewing = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing
        .then(() => renew(delivery))
        .then((held) => {
          if (!held) log.error({ deliveryId: delivery.id }, 'notification lease lost mid-send: another sender may send it too');
        })
        .catch((error: unknown) => log.warn({ deliveryId: delivery.id, err: error }, 'notification lease not renewed'));
    }, Math.max(1, Math.floor(leaseMs / 3)));
    try {
      return await send(delivery);
    } finally {
      clearInterval(heartbeat);
      await renewing;
    }
  }

  async function settle(delivery: ClaimedDelivery, outcome: { sent: string } | { error: unknown }): Promise<void> {
    if ('sent' in outcome) {
      await db.query(
        `UPDATE notification_deliveries SET status = 'sent', sent_at = now(), provider_message_id = $2, locked_until = NULL, last_error = NULL WHERE id = $1 AND attempts = $3`,
        [delivery.id, outcome.sent, delivery.attempts],
      );
      return;
    }
    const { error } = outcome;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const retryable = !(error instanceof ChannelError) || error.retryable;
    if (retryable && delivery.attempts < MAX_ATTEMPTS) {
      await db.query(
        `UPDATE notification_deliveries SET locked_until = NULL, last_error = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1 AND attempts = $4`,
        [delivery.id, message, backoffMs(delivery.attempts), delivery.attempts],
      );
      log.warn({ deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts, err: error }, 'notification not sent yet: it will be tried again');
      return;
    }
    await db.query(`UPDATE notification_deliveries SET status = 'failed', locked_until = NULL, last_error = $2 WHERE id = $1 AND attempts = $3`, [delivery.id, message, delivery.attempts]);
    log.error({ deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts, err: error }, 'notification given up');
  }

  return {
    async sendDue() {
      let sent = 0;
      for (;;) {
        const claimed = await claim();
        for (const delivery of claimed) {
          // its lease may have lapsed while the ones before it went out: another sender may have it now
          if (!(await renew(delivery))) continue;
          let outcome: { sent: string } | { error: unknown };
          try {
            outcome = { sent: await sendHeld(delivery) };
            sent += 1;
          } catch (error) {
            outcome = { error };
          }
          await settle(delivery, outcome);
        }
        // a full batch: there may be more due at once
        if (claimed.length < BATCH) return sent;
      }
    },
  };
}
