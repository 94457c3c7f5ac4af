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
export async function findProviderOfService(query: Query, serviceId: string): Promise<ProviderOwner | null> {
  if (!isUuid(serviceId)) return null;
  const [row] = await query<{ id: string; owner_uid: string | null }>(
    'SELECT p.id::text AS id, p.owner_uid FROM services s JOIN providers p ON p.id = s.provider_id WHERE s.id = $1',
    [serviceId],
  );
  return row ? { id: row.id, ownerUid: row.owner_uid } : null;
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
