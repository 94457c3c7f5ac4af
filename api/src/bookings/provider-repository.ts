import type { Query } from '../db';
import { isUuid } from '../http/uuid';

/** A provider's record as its routes need it: its id and the account that runs it (null: none yet). */
export interface ProviderOwner {
  id: string;
  ownerUid: string | null;
}

/** The provider `providerId` (any string: a malformed one is not found), or null. */
export async function findProvider(query: Query, providerId: string): Promise<ProviderOwner | null> {
  if (!isUuid(providerId)) return null;
  const [row] = await query<{ id: string; owner_uid: string | null }>('SELECT id::text AS id, owner_uid FROM providers WHERE id = $1', [providerId]);
  return row ? { id: row.id, ownerUid: row.owner_uid } : null;
}

/** The provider of the service `serviceId` (any string), or null. */
export async function findProviderOfService(query: Query, serviceId: string): Promise<(ProviderOwner & { name: string }) | null> {
  if (!isUuid(serviceId)) return null;
  const [row] = await query<{ id: string; owner_uid: string | null; name: string }>(
    'SELECT p.id::text AS id, p.owner_uid, p.name FROM services s JOIN providers p ON p.id = s.provider_id WHERE s.id = $1',
    [serviceId],
  );
  return row ? { id: row.id, ownerUid: row.owner_uid, name: row.name } : null;
}

/** The account `uid` runs the provider from now on. */
export async function setProviderOwner(query: Query, providerId: string, uid: string): Promise<void> {
  await query('UPDATE providers SET owner_uid = $2 WHERE id = $1', [providerId, uid]);
}

/** How many bookings a day the provider takes from now on (those accepted stay). */
export async function setDailyCapacity(query: Query, providerId: string, dailyCapacity: number): Promise<void> {
  await query('UPDATE providers SET daily_capacity = $2 WHERE id = $1', [providerId, dailyCapacity]);
}

/** The provider takes no booking on `day` ('YYYY-MM-DD'), saying why (a day blocked again keeps the new reason). */
export async function blockDay(query: Query, providerId: string, day: string, reason: string): Promise<void> {
  await query(
    `INSERT INTO provider_blocked_days (provider_id, day, reason) VALUES ($1, $2, $3)
     ON CONFLICT (provider_id, day) DO UPDATE SET reason = EXCLUDED.reason`,
    [providerId, day, reason],
  );
}

/** The provider takes bookings on `day` again (nothing changes if it was not blocked). */
export async function unblockDay(query: Query, providerId: string, day: string): Promise<void> {
  await query('DELETE FROM provider_blocked_days WHERE provider_id = $1 AND day = $2', [providerId, day]);
}

/** A listing a person runs: the provider and its services (what the provider section lists). */
export interface ProviderListing {
  id: string;
  name: string;
  services: Array<{ id: string; title: string; category: string; city: string }>;
}

/** The listings the account `uid` runs, by name. */
export async function listingsOf(query: Query, uid: string): Promise<ProviderListing[]> {
  const rows = await query<{ id: string; name: string; service_id: string | null; title: string | null; category: string | null; city: string | null }>(
    `SELECT p.id::text AS id, p.name, s.id::text AS service_id, s.title, s.category, s.city
     FROM providers p LEFT JOIN services s ON s.provider_id = p.id
     WHERE p.owner_uid = $1 ORDER BY p.name, p.id, s.title, s.id`,
    [uid],
  );
  const listings = new Map<string, ProviderListing>();
  for (const row of rows) {
    const listing = listings.get(row.id) ?? { id: row.id, name: row.name, services: [] };
    if (row.service_id) listing.services.push({ id: row.service_id, title: row.title ?? '', category: row.category ?? '', city: row.city ?? '' });
    listings.set(row.id, listing);
  }
  return [...listings.values()];
}

/** What claiming with an invite code found: the listing, and who ran it before (null: no one). */
export type ClaimOutcome = { kind: 'unknown' } | { kind: 'claimed'; providerId: string; name: string; ownerUid: string | null };

/**
 * Claims the listing whose invite code hashes to `codeHash` for `uid`, in the caller's transaction: the
 * listing's row is locked, so two people claiming one code at once take turns and the second finds it taken.
 * A listing already run by someone else is left as it is (`ownerUid` says who).
 */
export async function claimByInvite(query: Query, codeHash: string, uid: string): Promise<ClaimOutcome> {
  const [found] = await query<{ provider_id: string; name: string; owner_uid: string | null }>(
    `SELECT p.id::text AS provider_id, p.name, p.owner_uid
     FROM provider_invites i JOIN providers p ON p.id = i.provider_id
     WHERE i.code_hash = $1 FOR UPDATE OF p`,
    [codeHash],
  );
  if (!found) return { kind: 'unknown' };
  if (found.owner_uid === null) {
    await query('UPDATE providers SET owner_uid = $2 WHERE id = $1', [found.provider_id, uid]);
    await query('UPDATE provider_invites SET claimed_at = now(), claimed_by = $2 WHERE provider_id = $1', [found.provider_id, uid]);
  }
  return { kind: 'claimed', providerId: found.provider_id, name: found.name, ownerUid: found.owner_uid };
}

/**
 * Gives every listing nobody runs and that has no invite yet the invite whose code hash `codeHashOf` makes (locally:
 * from localInviteCode), in one statement; returns how many were given one.
 */
export async function storeInvites(query: Query, codeHashOf: (providerId: string) => string): Promise<number> {
  const waiting = await query<{ id: string }>(
    `SELECT p.id::text AS id FROM providers p
     WHERE p.owner_uid IS NULL AND NOT EXISTS (SELECT 1 FROM provider_invites i WHERE i.provider_id = p.id)
     ORDER BY p.id`,
  );
  if (waiting.length === 0) return 0;
  const ids = waiting.map(({ id }) => id);
  await query(
    'INSERT INTO provider_invites (provider_id, code_hash) SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING',
    [ids, ids.map(codeHashOf)],
  );
  return waiting.length;
}

/** The listings nobody runs yet that have an invite, by name (at most `limit`). */
export async function unclaimedListings(query: Query, limit: number): Promise<{ id: string; name: string }[]> {
  return query<{ id: string; name: string }>(
    `SELECT p.id::text AS id, p.name FROM providers p JOIN provider_invites i ON i.provider_id = p.id
     WHERE p.owner_uid IS NULL ORDER BY p.name, p.id LIMIT $1`,
    [limit],
  );
}

/** A listing nobody runs yet that has an invite (the one `npm start` offers to try), or null. */
export async function unclaimedListing(query: Query): Promise<{ id: string; name: string } | null> {
  const [row] = await unclaimedListings(query, 1);
  return row ?? null;
}
