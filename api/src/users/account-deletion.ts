import type { FastifyBaseLogger } from 'fastify';
import type { AuthAccounts } from '../auth';
import { applyTransition, ACCOUNT_DELETION_ACTOR } from '../bookings/booking-transitions';
import type { Database } from '../db';
import type { UploadStorage } from '../uploads/upload-storage';

/** What a deleted consumer's bookings show instead of their name. */
export const DELETED_USER_NAME = 'Deleted user';

export interface AccountDeletionResult {
  /** false when there was no profile (never onboarded, or a retried deletion) */
  profileDeleted: boolean;
  uploadsDeleted: number;
  /** requested/accepted bookings cancelled because of the deletion */
  bookingsCancelled: number;
  /** bookings kept for the provider, detached from the person (the cancelled ones included) */
  bookingsDetached: number;
}

export interface AccountDeletion {
  /**
   * Deletes a consumer's account (spec: "Delete account"). Idempotent: running it again finds nothing
   * left in the database and still deletes the Firebase user. See the README, "Account deletion".
   * Ends the user's sessions first, so no other request of theirs lands while their data goes.
   */
  deleteAccount(uid: string): Promise<AccountDeletionResult>;
}

export interface AccountDeletionDeps {
  db: Database;
  storage: UploadStorage;
  auth: AuthAccounts;
  log: FastifyBaseLogger;
}

// unpaid and still open: cancelled first. A captured payment counts as paid whatever the status says.
const OPEN_UNPAID_SQL = `
  SELECT b.id::text AS id FROM bookings b
  WHERE b.consumer_uid = $1 AND b.status IN ('requested', 'accepted')
    AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.status = 'captured')
  ORDER BY b.id
  FOR UPDATE`;

// every booking stays (the provider's records; payment rows reference them) but loses the person: a random
// marker per booking instead of the uid, so neither the uid nor one booking leads to the others
const DETACH_BOOKINGS_SQL = `
  UPDATE bookings SET consumer_uid = 'deleted:' || gen_random_uuid()::text, consumer_name = $2, consumer_email = '',
                      note = '', consumer_deleted_at = now(), updated_at = now(),
                      address_label = NULL, address_line1 = NULL, address_line2 = NULL, address_landmark = NULL,
                      address_city = NULL, address_state = NULL, address_pincode = NULL
  WHERE consumer_uid = $1
  RETURNING id::text AS id`;

// the uid also appears as the actor of the consumer's own changes (creation, cancel) and on payment orders
const DETACH_EVENTS_SQL = `
  UPDATE booking_events e SET actor = b.consumer_uid
  FROM bookings b
  WHERE e.booking_id = b.id AND b.id = ANY($2::uuid[]) AND e.actor = $1`;
const DETACH_ORDERS_SQL = `
  UPDATE payment_orders o SET consumer_uid = b.consumer_uid, updated_at = now()
  FROM bookings b
  WHERE o.booking_id = b.id AND o.consumer_uid = $1`;

export function createAccountDeletion({ db, storage, auth, log }: AccountDeletionDeps): AccountDeletion {
  return {
    async deleteAccount(uid) {
      // first: from here on every token of the user is refused (this one has already been checked), here at once
      // and elsewhere within AUTH_TOKEN_CACHE_MS; if Firebase cannot be reached nothing is deleted (503)
      await auth.revokeSessions(uid);

      const { result, fileNames } = await db.transaction(async (session) => {
        const profiles = await session.query('DELETE FROM consumers WHERE uid = $1 RETURNING uid', [uid]);
        const uploads = await session.query<{ file_name: string }>('DELETE FROM uploads WHERE uid = $1 RETURNING file_name', [uid]);
        // cart_items go with their cart (ON DELETE CASCADE); then the saved addresses they were for
        await session.query('DELETE FROM carts WHERE consumer_uid = $1', [uid]);
        await session.query('DELETE FROM addresses WHERE consumer_uid = $1', [uid]);
        // their wedding plans (events go with them) and their shortlist
        await session.query('DELETE FROM shortlist_entries WHERE consumer_uid = $1', [uid]);
        await session.query('DELETE FROM plans WHERE consumer_uid = $1', [uid]);
        // their enquiries (their quotes and history go with them; a booking made from a quote stays, without it)
        await session.query('DELETE FROM enquiries WHERE consumer_uid = $1', [uid]);
        // what they were told (and emails or texts still to send them: their deliveries go with them)
        await session.query('DELETE FROM notifications WHERE consumer_uid = $1', [uid]);
        // the host server's sessions (already refused: their Firebase user's sessions were revoked above)
        await session.query('DELETE FROM server_sessions WHERE uid = $1', [uid]);

        const open = await session.query<{ id: string }>(OPEN_UNPAID_SQL, [uid]);
        for (const { id } of open) {
          await applyTransition(session, { bookingId: id, action: 'closeAccount', actor: ACCOUNT_DELETION_ACTOR });
        }
        const detached = await session.query<{ id: string }>(DETACH_BOOKINGS_SQL, [uid, DELETED_USER_NAME]);
        if (detached.length > 0) {
          await session.query(DETACH_EVENTS_SQL, [uid, detached.map((row) => row.id)]);
        }
        await session.query(DETACH_ORDERS_SQL, [uid]);

        return {
          result: {
            profileDeleted: profiles.length > 0,
            uploadsDeleted: uploads.length,
            bookingsCancelled: open.length,
            bookingsDetached: detached.length,
          },
          fileNames: uploads.map((row) => row.file_name),
        };
      });

      // after the commit: a file left behind is only disk space, a row without its file would be a broken link
      for (const fileName of fileNames) {
        try {
          await storage.remove(fileName);
        } catch (error) {
          log.warn({ err: error, fileName }, 'account deletion: could not remove an uploaded file');
        }
      }

      // last: while the Firebase user exists, signing in again with the same phone gives the same uid, so a
      // retry (after a 503 here) finishes the deletion rather than starting a new account
      await auth.removeUser(uid);
      log.info({ ...result }, 'account deleted');
      return result;
    },
  };
}
