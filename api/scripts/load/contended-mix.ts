/**
 * The `contended` scenario's requests, made as the run goes (a booking can only be accepted once it exists):
 * consumers ask a few providers for their first open days (POST /bookings), and the providers accept the
 * waiting requests (POST /provider/bookings/:bid/accept, with the provider account's token) while more
 * requests for the same days keep coming. Each provider's requests spread over its first `windowDays` days
 * not yet known to be full, so a day is asked for by many at once, fills, and the asking moves on to the
 * next ones, as it does for a popular provider's calendar. What the mix learns of full days comes from the
 * answers (an acceptance's 200, a refusal naming the day), never from the database.
 *
 * Expected answers: 201 (requested), 200 (accepted), 409 (the day filled meanwhile, or the booking was
 * already answered: a repeated acceptance, a double tap). Anything else is an error of the run.
 */
import { bookingPayload, type FixtureMenu } from '../../test/support/bookings';
import type { LoadRequest } from './scenario';

export interface ContendedProvider {
  providerId: string;
  /** as the 409 names it */
  name: string;
  /** its bookings a day, as the API counts it (availability.ts) */
  capacity: number;
  /** the Auth emulator token of the provider's account (providers.owner_uid) */
  token: string;
  menu: FixtureMenu;
}

export interface ContendedConsumer {
  uid: string;
  phone: string;
  token: string;
  /** the saved address its bookings are made at */
  addressId: string;
}

/** Everything the load generator needs, as JSON (it runs in a process of its own). */
export interface ContendedPlan {
  providers: ContendedProvider[];
  consumers: ContendedConsumer[];
  /** the days, in order ('YYYY-MM-DD'), that requests may ask for */
  days: string[];
  /** how many of a provider's first open days its requests spread over at a time */
  windowDays: number;
  /** one request in this many is an acceptance, when a request is waiting */
  acceptEvery: number;
  /** one acceptance in this many answers a booking already answered (409 expected) */
  repeatEvery: number;
  /** one request in this many asks for two days instead of one */
  twoDayEvery: number;
}

export type RequestKind = 'create' | 'accept' | 'repeat accept';

/** What a request was, kept with it until its answer. */
export interface SentRequest {
  kind: RequestKind;
  provider: number;
  /** indexes into plan.days, first and last */
  from: number;
  to: number;
  bookingId?: string;
}

interface Waiting {
  bookingId: string;
  provider: number;
  from: number;
  to: number;
}

/** Answers counted by kind of request and status: { create: { 201: …, 409: … }, accept: { … } }. */
export type Outcomes = Partial<Record<RequestKind, Record<string, number>>>;

/** Each kind's own latency (ms, from the request's making to its answer: close to autocannon's own timing). */
export type KindLatencies = Partial<Record<RequestKind, { p50Ms: number; p99Ms: number }>>;

const ANSWERED_KEPT = 100;
const TIME = { start: '09:00', end: '17:00' };

export class ContendedMix {
  private sent = 0;
  private creates = 0;
  private accepts = 0;
  /** bookings requested and not yet accepted (by this mix), oldest first */
  private waiting: Waiting[] = [];
  /** bookings already accepted (the last few), and whose they are: accepting one again is refused */
  private answered: string[] = [];
  private readonly providerOfAnswered = new Map<string, number>();
  /** per provider, per day index: how many of its acceptances we saw succeed */
  private readonly held: Map<number, number>[];
  /** per provider, the days a refusal named full */
  private readonly full: Set<number>[];
  /** per provider, the first day index that may still be open */
  private readonly frontier: number[];
  outcomes: Outcomes = {};
  /** waiting requests not sent for acceptance: their day was full by then */
  skippedFull = 0;
  private latencies: Partial<Record<RequestKind, number[]>> = {};

  constructor(private readonly plan: ContendedPlan) {
    if (plan.providers.length === 0 || plan.consumers.length === 0 || plan.days.length < 2) throw new Error('a contended plan needs providers, consumers and days');
    this.held = plan.providers.map(() => new Map());
    this.full = plan.providers.map(() => new Set());
    this.frontier = plan.providers.map(() => 0);
  }

  private isFull(provider: number, day: number): boolean {
    const capacity = (this.plan.providers[provider] as ContendedProvider).capacity;
    return (this.full[provider] as Set<number>).has(day) || ((this.held[provider] as Map<number, number>).get(day) ?? 0) >= capacity;
  }

  private anyFull(provider: number, from: number, to: number): boolean {
    for (let day = from; day <= to; day++) if (this.isFull(provider, day)) return true;
    return false;
  }

  /** The provider's open days, from its first: `windowDays` of them (the last day again once all have filled). */
  private openDays(provider: number): number[] {
    const last = this.plan.days.length - 1;
    let day = this.frontier[provider] as number;
    while (day < last && this.isFull(provider, day)) day++;
    this.frontier[provider] = day;
    const open: number[] = [];
    for (; day <= last && open.length < this.plan.windowDays; day++) if (!this.isFull(provider, day)) open.push(day);
    return open.length > 0 ? open : [last];
  }

  /** The next request to send, and what it is. */
  next(): { request: LoadRequest; sent: SentRequest } {
    this.sent++;
    if (this.sent % this.plan.acceptEvery === 0) {
      const accept = this.nextAccept();
      if (accept) return accept;
    }
    return this.nextCreate();
  }

  private nextAccept(): { request: LoadRequest; sent: SentRequest } | undefined {
    this.accepts++;
    if (this.accepts % this.plan.repeatEvery === 0 && this.answered.length > 0) {
      const bookingId = this.answered[this.accepts % this.answered.length] as string;
      // with its own provider's token: another's would be a 403, asked before the booking's state
      const provider = this.providerOfAnswered.get(bookingId) ?? 0;
      return this.acceptRequest({ kind: 'repeat accept', provider, from: -1, to: -1, bookingId });
    }
    let entry = this.waiting.shift();
    while (entry && this.anyFull(entry.provider, entry.from, entry.to)) {
      this.skippedFull++;
      entry = this.waiting.shift();
    }
    if (!entry) return undefined;
    return this.acceptRequest({ kind: 'accept', provider: entry.provider, from: entry.from, to: entry.to, bookingId: entry.bookingId });
  }

  private acceptRequest(sent: SentRequest): { request: LoadRequest; sent: SentRequest } {
    const provider = this.plan.providers[sent.provider] as ContendedProvider;
    return {
      request: { method: 'POST', path: `/provider/bookings/${sent.bookingId}/accept`, headers: { authorization: `Bearer ${provider.token}` } },
      sent,
    };
  }

  private nextCreate(): { request: LoadRequest; sent: SentRequest } {
    const count = this.creates++;
    const { providers, consumers, days } = this.plan;
    const provider = count % providers.length;
    const round = Math.floor(count / providers.length);
    const open = this.openDays(provider);
    const from = open[round % open.length] as number;
    const to = round % this.plan.twoDayEvery === this.plan.twoDayEvery - 1 ? Math.min(from + 1, days.length - 1) : from;
    const consumer = consumers[count % consumers.length] as ContendedConsumer;
    const { menu } = providers[provider] as ContendedProvider;
    const user = { uid: consumer.uid, phone: consumer.phone, idToken: consumer.token };
    const body = bookingPayload(user, menu, {
      preferredDateRange: { from: days[from] as string, to: days[to] as string },
      preferredTime: TIME,
      addressId: consumer.addressId,
      note: `Contended load ${count}`,
    });
    return {
      request: {
        method: 'POST',
        path: '/bookings',
        headers: { authorization: `Bearer ${consumer.token}`, 'content-type': 'application/json', nocart: 'true' },
        body: JSON.stringify(body),
      },
      sent: { kind: 'create', provider, from, to },
    };
  }

  /** Forgets the answers counted so far (the warm-up's), keeping what it learnt of the days. */
  resetCounts(): void {
    this.outcomes = {};
    this.skippedFull = 0;
    this.latencies = {};
  }

  latencyByKind(): KindLatencies {
    const at = (sorted: number[], share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0);
    return Object.fromEntries(
      Object.entries(this.latencies).map(([kind, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [kind, { p50Ms: at(sorted, 0.5), p99Ms: at(sorted, 0.99) }];
      }),
    );
  }

  /** Learns from an answer; `sent` is what next() gave for the request, `ms` how long it took. */
  onResponse(sent: SentRequest, status: number, body: string, ms?: number): void {
    const byStatus = (this.outcomes[sent.kind] ??= {});
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (ms !== undefined) (this.latencies[sent.kind] ??= []).push(ms);
    if (sent.kind === 'repeat accept') return;
    if (status === 201 && sent.kind === 'create') {
      const bookingId = parseField(body, 'bookingId');
      if (bookingId) this.waiting.push({ bookingId, provider: sent.provider, from: sent.from, to: sent.to });
    } else if (status === 200 && sent.kind === 'accept' && sent.bookingId) {
      const held = this.held[sent.provider] as Map<number, number>;
      for (let day = sent.from; day <= sent.to; day++) held.set(day, (held.get(day) ?? 0) + 1);
      this.remember(sent.bookingId, sent.provider);
    } else if (status === 409) {
      // a refusal for a full day names it: that day takes no more requests from this mix
      const full = parseField(body, 'code') === 'booking.fullyBooked' ? parseField(body, 'date') : undefined;
      for (let day = sent.from; day <= sent.to; day++) {
        if (full === this.plan.days[day]) (this.full[sent.provider] as Set<number>).add(day);
      }
    }
  }

  private remember(bookingId: string, provider: number): void {
    this.answered.push(bookingId);
    this.providerOfAnswered.set(bookingId, provider);
    if (this.answered.length > ANSWERED_KEPT) this.providerOfAnswered.delete(this.answered.shift() as string);
  }

  /** Requests still waiting for an acceptance when asked. */
  get waitingCount(): number {
    return this.waiting.length;
  }
}

function parseField(body: string, field: 'bookingId' | 'code' | 'date'): string | undefined {
  try {
    const value = (JSON.parse(body) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
