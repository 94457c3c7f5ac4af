import { randomBytes } from 'node:crypto';

/** How many emails, texts and WhatsApp messages the catcher keeps (each): the oldest go first, so it cannot grow forever. */
export const KEPT_PER_KIND = 500;

export interface CaughtEmail {
  id: string;
  /** as the message carried it, `<…@…>` */
  messageId: string;
  from: string;
  /** the envelope's recipients, over every time it was received */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** the first time (ISO 8601) */
  receivedAt: string;
  /** a resend of a Message-ID the mailbox has is counted here, not shown again (as a real mailbox drops it) */
  timesReceived: number;
}

export interface CaughtSms {
  id: string;
  to: string;
  text: string;
  sender: string;
  idempotencyKey: string;
  receivedAt: string;
  /** a request again under the same Idempotency-Key is counted here, not sent again */
  timesReceived: number;
}

/** A WhatsApp message as the Cloud API took it (POST /<version>/<phone number id>/messages). */
export interface CaughtWhatsApp {
  /** the `wamid.…` the API answered with */
  id: string;
  /** the business phone number's id it was sent from (the path's) */
  phoneNumberId: string;
  /** as the request gave it: the number's digits, country code first */
  to: string;
  type: 'text' | 'template';
  /** a template message's name, language and its body's parameters in order; null for a text message */
  template: { name: string; language: string; parameters: string[] } | null;
  /** what the phone would show, readable: a text message's body, or a template's parameters one a line */
  text: string;
  /** `biz_opaque_callback_data`: a request again with the same value is counted, not sent again; null when none */
  idempotencyKey: string | null;
  receivedAt: string;
  timesReceived: number;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Insertion-ordered, capped at KEPT_PER_KIND: the oldest entry goes when a new one would pass it. */
class CappedMap<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly cap: number) {}

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  add(key: string, value: T): void {
    this.entries.set(key, value);
    while (this.entries.size > this.cap) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  newestFirst(): T[] {
    return [...this.entries.values()].reverse();
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Everything the catcher has received, in memory: one mailbox for all the emails, one log of all the texts, one of all the WhatsApp messages. */
export class Mailbox {
  private readonly emails: CappedMap<CaughtEmail>;
  private readonly texts: CappedMap<CaughtSms>;
  private readonly whatsApps: CappedMap<CaughtWhatsApp>;
  private emailCount = 0;

  constructor(cap = KEPT_PER_KIND) {
    this.emails = new CappedMap(cap);
    this.texts = new CappedMap(cap);
    this.whatsApps = new CappedMap(cap);
  }

  /** Stores an email, or counts a resend of a Message-ID already here (and adds any new recipients). */
  receiveEmail(email: Omit<CaughtEmail, 'id' | 'receivedAt' | 'timesReceived'>, now = new Date()): CaughtEmail {
    const known = this.emails.get(email.messageId);
    if (known) {
      known.timesReceived += 1;
      for (const address of email.to) if (!known.to.some((to) => sameAddress(to, address))) known.to.push(address);
      return known;
    }
    this.emailCount += 1;
    const caught: CaughtEmail = { id: `email_${this.emailCount}`, ...email, to: [...email.to], receivedAt: now.toISOString(), timesReceived: 1 };
    this.emails.add(email.messageId, caught);
    return caught;
  }

  /** The text sent under this Idempotency-Key (counted again), or a new one. `created`: whether it is new. */
  receiveSms(sms: Omit<CaughtSms, 'id' | 'receivedAt' | 'timesReceived'>, now = new Date()): { sms: CaughtSms; created: boolean } {
    const known = this.texts.get(sms.idempotencyKey);
    if (known) {
      known.timesReceived += 1;
      return { sms: known, created: false };
    }
    const caught: CaughtSms = { id: `sms_${randomBytes(9).toString('base64url')}`, ...sms, receivedAt: now.toISOString(), timesReceived: 1 };
    this.texts.add(sms.idempotencyKey, caught);
    return { sms: caught, created: true };
  }

  /**
   * The WhatsApp message sent with this `biz_opaque_callback_data` (counted again), or a new one (always new without
   * one). `created`: whether it is new.
   */
  receiveWhatsApp(message: Omit<CaughtWhatsApp, 'id' | 'receivedAt' | 'timesReceived'>, now = new Date()): { message: CaughtWhatsApp; created: boolean } {
    const known = message.idempotencyKey === null ? undefined : this.whatsApps.get(`key:${message.idempotencyKey}`);
    if (known) {
      known.timesReceived += 1;
      return { message: known, created: false };
    }
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    const caught: CaughtWhatsApp = { id, ...message, receivedAt: now.toISOString(), timesReceived: 1 };
    this.whatsApps.add(message.idempotencyKey === null ? `id:${id}` : `key:${message.idempotencyKey}`, caught);
    return { message: caught, created: true };
  }

  /** Newest first; only those to `to` when given (its digits: `+91…`, `91…` or ` 91…` alike). */
  listWhatsApp(to?: string): CaughtWhatsApp[] {
    const all = this.whatsApps.newestFirst();
    const wanted = to?.replace(/\D/g, '');
    return wanted ? all.filter((message) => message.to.replace(/\D/g, '') === wanted) : all;
  }

  clearWhatsApp(): void {
    this.whatsApps.clear();
  }

  /** Newest first; only those to `to` (an address or a number, any case) when given. */
  listEmails(to?: string): CaughtEmail[] {
    const all = this.emails.newestFirst();
    return to ? all.filter((email) => email.to.some((address) => sameAddress(address, to))) : all;
  }

  /** Newest first; only those to `to` when given (`?to=+91…` unencoded arrives as ` 91…`: read as +91…). */
  listSms(to?: string): CaughtSms[] {
    const all = this.texts.newestFirst();
    const wanted = to?.trim();
    if (!wanted) return all;
    const number = /^\d+$/.test(wanted) ? `+${wanted}` : wanted;
    return all.filter((sms) => sms.to === number);
  }

  clearEmails(): void {
    this.emails.clear();
  }

  clearSms(): void {
    this.texts.clear();
  }
}
