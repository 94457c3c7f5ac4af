import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { newEventId, unixNow } from './ids';

export interface WebhookSettings {
  /** where events go (the API's POST /payment/webhook); '' sends nothing */
  webhookUrl: string;
  webhookSecret: string;
  /** wait this long before the first attempt (a late webhook) */
  webhookDelayMs: number;
  /** the waits before each retry; its length is the number of retries */
  webhookRetryDelaysMs: number[];
  /** one attempt's time limit */
  webhookTimeoutMs: number;
  /** the account_id events carry */
  accountId: string;
  /** the events the account subscribes to (Razorpay's dashboard setting); others are not sent */
  webhookEvents: readonly string[];
}

/** Every event the sandbox sends, the default subscription. */
export const SANDBOX_EVENTS = ['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid', 'refund.created', 'refund.processed'] as const;

/** What happened to one event, for tests and the logs. */
export interface WebhookDelivery {
  eventId: string;
  event: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** the last answer's status code, or the connection error */
  lastResult?: number | string;
}

/** Razorpay's webhook body: `{ entity: 'event', account_id, event, contains, payload, created_at }`. */
export interface WebhookEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: Record<string, { entity: unknown }>;
  created_at: number;
}

export interface WebhookSender {
  /** queues an event (if subscribed); delivered after the response that caused it, retried with backoff */
  send(event: string, entities: Record<string, unknown>): WebhookDelivery | null;
  /** resolves once nothing is pending (tests) */
  idle(): Promise<void>;
  readonly deliveries: WebhookDelivery[];
  /** stops retries and aborts attempts in flight */
  close(): void;
}

/** hex HMAC-SHA256 of the raw body with the webhook secret: Razorpay's X-Razorpay-Signature. */
export const webhookSignature = (body: string, secret: string) => createHmac('sha256', secret).update(body, 'utf8').digest('hex');

const KEEP_DELIVERIES = 200;

/**
 * Razorpay's webhook delivery, at least once: each event is POSTed as JSON with X-Razorpay-Signature and
 * x-razorpay-event-id (the same id on every retry), retried on a non-2xx answer or a connection error.
 * Settings are read when an event is sent, so tests may change them on a running sandbox.
 */
export function createWebhookSender(settings: WebhookSettings, log: FastifyBaseLogger): WebhookSender {
  const deliveries: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const stop = new AbortController();
  const pending = new Set<WebhookDelivery>();
  let waiters: (() => void)[] = [];

  const wakeIfIdle = () => {
    if (pending.size > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  const finish = (delivery: WebhookDelivery) => {
    pending.delete(delivery);
    wakeIfIdle();
  };

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  async function attempt(delivery: WebhookDelivery, body: string, signature: string, retryDelays: number[]): Promise<void> {
    if (stop.signal.aborted) return finish(delivery);
    delivery.attempts += 1;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          'X-Razorpay-Signature': signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body,
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(settings.webhookTimeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastResult = response.status;
      if (response.ok) {
        delivery.status = 'delivered';
        log.info({ eventId: delivery.eventId, event: delivery.event, attempts: delivery.attempts }, 'webhook delivered');
        return finish(delivery);
      }
    } catch (error) {
      delivery.lastResult = (error as Error).message;
    }
    if (stop.signal.aborted) return finish(delivery);
    const wait = retryDelays[delivery.attempts - 1];
    if (wait === undefined) {
      delivery.status = 'failed';
      log.warn({ ...delivery }, 'webhook not delivered; giving up');
      return finish(delivery);
    }
    log.info({ eventId: delivery.eventId, event: delivery.event, lastResult: delivery.lastResult, retryInMs: wait }, 'webhook not accepted; will retry');
    later(wait, () => void attempt(delivery, body, signature, retryDelays));
  }

  return {
    deliveries,
    send(event, entities) {
      if (!settings.webhookUrl || stop.signal.aborted || !settings.webhookEvents.includes(event)) return null;
      const payload: WebhookEvent = {
        entity: 'event',
        account_id: settings.accountId,
        event,
        contains: Object.keys(entities),
        payload: Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }])),
        created_at: unixNow(),
      };
      // signed over exactly the bytes sent
      const body = JSON.stringify(payload);
      const delivery: WebhookDelivery = { eventId: newEventId(), event, url: settings.webhookUrl, status: 'pending', attempts: 0 };
      deliveries.push(delivery);
      if (deliveries.length > KEEP_DELIVERIES) deliveries.splice(0, deliveries.length - KEEP_DELIVERIES);
      pending.add(delivery);
      // always after the answer that caused it has gone out
      later(settings.webhookDelayMs, () => void attempt(delivery, body, webhookSignature(body, settings.webhookSecret), [...settings.webhookRetryDelaysMs]));
      return delivery;
    },
    idle() {
      return pending.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    close() {
      stop.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      pending.clear();
      wakeIfIdle();
    },
  };
}
