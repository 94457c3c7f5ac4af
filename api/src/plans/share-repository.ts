import { createHash, randomBytes } from 'node:crypto';
import { PLAN_SHARE_TOKEN, type PlanEventKind, type PlanShare, type PlanShareCreated, type ServiceCategory, type SharedPlan } from '@utsav/contracts/schemas';
import { toIso } from '../bookings/booking-rows';
import type { Database, SqlSession } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';

/** What the share routes answer about a link. */
export const SHARE_MESSAGES = {
  /** the owner's plan has no working link (PATCH, DELETE) */
  none: 'planShare.none',
  /** a shared link that is not (or no longer) one: unknown, mistyped or revoked, all alike */
  gone: 'planShare.gone',
} as const satisfies Record<string, ApiMessage>;

export const shareNotFound = () => notFound(SHARE_MESSAGES.none);
export const sharedPlanGone = () => notFound(SHARE_MESSAGES.gone);

/** A new link's token: 32 random bytes, base64url (PLAN_SHARE_TOKEN). */
const newToken = () => randomBytes(32).toString('base64url');
/** What is stored of a token: its SHA-256, in hex. */
export const shareTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Bookings that are a vendor booked: the provider accepted it (and the advance may be paid). */
const BOOKED = ['accepted', 'confirmed'];

export interface ShareRepository {
  /** null: no such plan of the caller's; else its working link, or null when it has none */
  status(uid: string, planId: string): Promise<{ share: PlanShare | null } | null>;
  /** a new link (the working one before it is revoked in the same step); null: no such plan of the caller's */
  create(uid: string, planId: string, showPrices: boolean): Promise<PlanShareCreated | null>;
  /** null: no such plan; 'none': the plan has no working link */
  update(uid: string, planId: string, showPrices: boolean): Promise<PlanShare | 'none' | null>;
  /** the working link stops working at once; null: no such plan; 'none': it has none */
  revoke(uid: string, planId: string): Promise<true | 'none' | null>;
  /** what a link shows; null for anything that is not a working link */
  read(token: string): Promise<SharedPlan | null>;
}

interface ShareRow {
  show_prices: boolean;
  created_at: Date | string;
}

interface SharedPlanRow {
  plan_id: string;
  consumer_uid: string;
  title: string;
  date_from: string;
  date_to: string;
  home_city: string;
  show_prices: boolean;
}

interface SharedEventRow {
  id: string;
  kind: string;
  name: string;
  event_date: string;
  city: string;
}

interface VendorRow {
  event_id: string;
  title: string;
  category: string;
  provider_name: string;
  amount: number;
}

const toShare = (row: ShareRow): PlanShare => ({ showPrices: row.show_prices, createdAt: toIso(row.created_at) });

const SHARE_COLUMNS = 'show_prices, created_at';

export function createShareRepository(db: Database): ShareRepository {
  /** Whether the plan is the caller's; its row locked when `lock` (a transaction's changes to its links take turns). */
  const ownsPlan = async (session: Pick<SqlSession, 'query'>, uid: string, planId: string, lock = false) => {
    if (!isUuid(planId)) return false;
    const rows = await session.query(`SELECT 1 FROM plans WHERE id = $1 AND consumer_uid = $2${lock ? ' FOR UPDATE' : ''}`, [planId, uid]);
    return rows.length > 0;
  };

  return {
    async status(uid, planId) {
      if (!(await ownsPlan(db, uid, planId))) return null;
      const [row] = await db.query<ShareRow>(`SELECT ${SHARE_COLUMNS} FROM plan_shares WHERE plan_id = $1 AND revoked_at IS NULL`, [planId]);
      return { share: row ? toShare(row) : null };
    },

    create(uid, planId, showPrices) {
      return db.transaction(async (session) => {
        if (!(await ownsPlan(session, uid, planId, true))) return null;
        await session.query('UPDATE plan_shares SET revoked_at = now() WHERE plan_id = $1 AND revoked_at IS NULL', [planId]);
        const token = newToken();
        const [row] = await session.query<ShareRow>(
          `INSERT INTO plan_shares (plan_id, token_hash, show_prices) VALUES ($1, $2, $3) RETURNING ${SHARE_COLUMNS}`,
          [planId, shareTokenHash(token), showPrices],
        );
        if (!row) throw new Error('INSERT … RETURNING gave no share');
        return { ...toShare(row), token };
      });
    },

    update(uid, planId, showPrices) {
      return db.transaction(async (session) => {
        if (!(await ownsPlan(session, uid, planId, true))) return null;
        const [row] = await session.query<ShareRow>(
          `UPDATE plan_shares SET show_prices = $2 WHERE plan_id = $1 AND revoked_at IS NULL RETURNING ${SHARE_COLUMNS}`,
          [planId, showPrices],
        );
        return row ? toShare(row) : 'none';
      });
    },

    revoke(uid, planId) {
      return db.transaction(async (session) => {
        if (!(await ownsPlan(session, uid, planId, true))) return null;
        const revoked = await session.query('UPDATE plan_shares SET revoked_at = now() WHERE plan_id = $1 AND revoked_at IS NULL RETURNING id', [planId]);
        return revoked.length > 0 ? true : 'none';
      });
    },

    async read(token) {
      // a string that cannot be a token is not looked up
      if (!PLAN_SHARE_TOKEN.test(token)) return null;
      const [plan] = await db.query<SharedPlanRow>(
        `SELECT p.id::text AS plan_id, p.consumer_uid, p.title, to_char(p.date_from, 'YYYY-MM-DD') AS date_from, to_char(p.date_to, 'YYYY-MM-DD') AS date_to,
                p.home_city, s.show_prices
           FROM plan_shares s JOIN plans p ON p.id = s.plan_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
        [shareTokenHash(token)],
      );
      if (!plan) return null;
      const events = await db.query<SharedEventRow>(
        `SELECT id::text AS id, kind, name, to_char(event_date, 'YYYY-MM-DD') AS event_date, city
           FROM plan_events WHERE plan_id = $1 ORDER BY event_date, created_at, id`,
        [plan.plan_id],
      );
      // the vendors booked for its events: each a quote the couple accepted for the event, its booking accepted by
      // the provider (or paid); the booking's amount is the quoted price
      const vendors =
        events.length === 0
          ? []
          : await db.query<VendorRow>(
              `SELECT e.event_id::text AS event_id, sv.title, sv.category, pr.name AS provider_name, b.amount
                 FROM enquiries e
                 JOIN quotes q ON q.enquiry_id = e.id
                 JOIN bookings b ON b.quote_id = q.id
                 JOIN services sv ON sv.id = b.service_id
                 JOIN providers pr ON pr.id = b.provider_id
                WHERE e.event_id = ANY($1::uuid[]) AND e.consumer_uid = $2 AND b.consumer_uid = $2 AND b.status = ANY($3::text[])
                ORDER BY b.created_at, b.id`,
              [events.map((event) => event.id), plan.consumer_uid, BOOKED],
            );
      return {
        title: plan.title,
        from: plan.date_from,
        to: plan.date_to,
        homeCity: plan.home_city,
        showPrices: plan.show_prices,
        events: events.map((event) => ({
          // written only through the contract's schemas (and CHECKed)
          kind: event.kind as PlanEventKind,
          name: event.name,
          date: event.event_date,
          city: event.city,
          vendors: vendors
            .filter((vendor) => vendor.event_id === event.id)
            .map((vendor) => ({
              title: vendor.title,
              category: vendor.category as ServiceCategory,
              providerName: vendor.provider_name,
              amount: plan.show_prices ? vendor.amount : null,
            })),
        })),
      };
    },
  };
}
