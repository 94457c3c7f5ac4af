import {
  CANCELLATION_TIERS,
  cancellationRule,
  notRefundedRule,
} from '@utsav/contracts/cancellation-policy';
import {
  SHORTLIST_MAX_ENTRIES,
  type ServiceCategory,
  type ShortlistComparison,
  type ShortlistEntry,
  type ShortlistService,
} from '@utsav/contracts/schemas';
import type { Locale } from '@utsav/contracts/language';
import { serviceImageUrl } from '@utsav/contracts/service-images';
import { assertAvailable, UnavailableError } from '../bookings/availability';
import { toIso } from '../bookings/booking-rows';
import { SERVICE_COLUMNS, SERVICE_JOINS, type ServiceRow } from '../catalog/catalog-rows';
import type { Database } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { HttpError, notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { eventNotFound } from './plan-repository';

export const SHORTLIST_MESSAGES = {
  tooMany: 'shortlist.tooMany',
  notShortlisted: 'shortlist.notShortlisted',
  serviceNotFound: 'catalog.serviceNotFound',
} as const satisfies Record<string, ApiMessage>;

export interface ShortlistRepository {
  /** the consumer's entries, newest first: all, one event's (an event of theirs), or those for none (null) */
  list(uid: string, eventId?: string | null): Promise<ShortlistEntry[]>;
  /** saves the service for the event (or none), or moves it there; 404 for an unknown service or event, 409 when full */
  save(uid: string, serviceId: string, eventId: string | null): Promise<ShortlistEntry>;
  remove(uid: string, serviceId: string): Promise<boolean>;
  /** the shortlisted services side by side (404 for one not shortlisted), with capacity on the event's date */
  compare(uid: string, serviceIds: string[], eventId: string | null, locale: Locale): Promise<ShortlistComparison>;
}

interface EntryRow extends ServiceRow {
  event_id: string | null;
  added_at: Date | string;
  provider_id: string;
}

const ENTRY_SQL = `
  SELECT ${SERVICE_COLUMNS}, e.event_id::text AS event_id, e.added_at, s.provider_id::text AS provider_id
  FROM shortlist_entries e JOIN services s ON s.id = e.service_id ${SERVICE_JOINS}
  WHERE e.consumer_uid = $1`;
const ENTRY_ORDER = 'ORDER BY e.added_at DESC, e.service_id';

function summary(row: ServiceRow): ShortlistService {
  const main = row.images.find((image) => image.role === 'main');
  return {
    title: row.title,
    // CHECKed in SQL
    category: row.category as ServiceCategory,
    city: row.city,
    priceFrom: row.price,
    rating: row.rating,
    reviewCount: row.review_count,
    providerName: row.provider_name,
    image: main ? { id: main.id, url: serviceImageUrl(main.id), width: main.width, height: main.height, alt: main.alt } : null,
  };
}

const toEntry = (row: EntryRow): ShortlistEntry => ({ serviceId: row.id, eventId: row.event_id, addedAt: toIso(row.added_at), service: summary(row) });

/** The cancellation terms in words (the platform's, the same for every service), in a language. */
export const cancellationTerms = (locale: Locale) => [...CANCELLATION_TIERS.map((tier) => cancellationRule(tier, locale)), notRefundedRule(locale)].join('\n');

export function createShortlistRepository(db: Database): ShortlistRepository {
  /** the consumer's event, with its date; null when it is not theirs */
  const eventOf = async (uid: string, eventId: string) => {
    if (!isUuid(eventId)) return null;
    const [row] = await db.query<{ id: string; date: string }>(
      `SELECT e.id::text AS id, to_char(e.event_date, 'YYYY-MM-DD') AS date FROM plan_events e JOIN plans p ON p.id = e.plan_id WHERE e.id = $1 AND p.consumer_uid = $2`,
      [eventId, uid],
    );
    return row ?? null;
  };

  const entries = async (uid: string, where = '', params: unknown[] = []) => (await db.query<EntryRow>(`${ENTRY_SQL} ${where} ${ENTRY_ORDER}`, [uid, ...params])).map(toEntry);

  return {
    async list(uid, eventId) {
      if (eventId === undefined) return entries(uid);
      if (eventId === null) return entries(uid, 'AND e.event_id IS NULL');
      if (!(await eventOf(uid, eventId))) throw eventNotFound();
      return entries(uid, 'AND e.event_id = $2', [eventId]);
    },

    save(uid, serviceId, eventId) {
      return db.transaction(async (session) => {
        if (!isUuid(serviceId)) throw notFound(SHORTLIST_MESSAGES.serviceNotFound);
        const [service] = await session.query('SELECT id FROM services WHERE id = $1', [serviceId]);
        if (!service) throw notFound(SHORTLIST_MESSAGES.serviceNotFound);
        if (eventId !== null) {
          // the event must be the caller's; FOR SHARE: it is not deleted before this commits
          const [event] = isUuid(eventId)
            ? await session.query('SELECT e.id FROM plan_events e JOIN plans p ON p.id = e.plan_id WHERE e.id = $1 AND p.consumer_uid = $2 FOR SHARE OF e', [eventId, uid])
            : [];
          if (!event) throw eventNotFound();
        }
        // one consumer's saves take turns, so two at once cannot pass the limit together
        await session.query("SELECT pg_advisory_xact_lock(hashtextextended('shortlist:' || $1, 0))", [uid]);
        const [count] = await session.query<{ n: number; mine: boolean }>(
          'SELECT count(*)::integer AS n, bool_or(service_id = $2) AS mine FROM shortlist_entries WHERE consumer_uid = $1',
          [uid, serviceId],
        );
        if (!count?.mine && (count?.n ?? 0) >= SHORTLIST_MAX_ENTRIES) throw new HttpError(409, SHORTLIST_MESSAGES.tooMany, { values: { max: SHORTLIST_MAX_ENTRIES } });
        // saved again: it keeps when it was first added, and goes to the event given
        await session.query(
          `INSERT INTO shortlist_entries (consumer_uid, service_id, event_id) VALUES ($1, $2, $3)
           ON CONFLICT (consumer_uid, service_id) DO UPDATE SET event_id = EXCLUDED.event_id`,
          [uid, serviceId, eventId],
        );
        const [row] = await session.query<EntryRow>(`${ENTRY_SQL} AND e.service_id = $2`, [uid, serviceId]);
        if (!row) throw new Error('the shortlist entry just saved is missing');
        return toEntry(row);
      });
    },

    async remove(uid, serviceId) {
      if (!isUuid(serviceId)) return false;
      const removed = await db.query('DELETE FROM shortlist_entries WHERE consumer_uid = $1 AND service_id = $2 RETURNING service_id', [uid, serviceId]);
      return removed.length > 0;
    },

    async compare(uid, serviceIds, eventId, locale) {
      const event = eventId === null ? null : await eventOf(uid, eventId);
      if (eventId !== null && !event) throw eventNotFound();
      const wanted = serviceIds.filter(isUuid);
      const rows = wanted.length === 0 ? [] : await db.query<EntryRow>(`${ENTRY_SQL} AND e.service_id = ANY($2::uuid[])`, [uid, wanted]);
      const terms = cancellationTerms(locale);
      const services: ShortlistComparison['services'] = [];
      for (const serviceId of serviceIds) {
        const row = rows.find((candidate) => candidate.id === serviceId);
        if (!row) throw notFound(SHORTLIST_MESSAGES.notShortlisted);
        services.push({ serviceId, ...summary(row), cancellationTerms: terms, capacity: event ? await hasCapacity(db, row.provider_id, event.date) : null });
      }
      return { event: event ? { eventId: event.id, date: event.date } : null, services };
    },
  };
}

/** Whether the provider can take one more booking on the day (availability.ts's rule: not blocked, not full). */
async function hasCapacity(db: Database, providerId: string, date: string): Promise<boolean> {
  try {
    await db.transaction((session) => assertAvailable(session, { providerId, from: date, to: date, lock: false }));
    return true;
  } catch (error) {
    if (error instanceof UnavailableError) return false;
    throw error;
  }
}
