import { ADDRESS_MAX_PER_CONSUMER, type Address, type AddressFields, type AddressLabel, type IndianState } from '@utsav/contracts/schemas';
import { toIso } from '../bookings/booking-rows';
import type { Database } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { HttpError, notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';

/** What the address routes, the bookings and the cart answer about a saved address. */
export const ADDRESS_MESSAGES = {
  notFound: 'address.notFound',
  tooMany: 'address.tooMany',
  inCart: 'address.inCart',
} as const satisfies Record<string, ApiMessage>;

export interface AddressRepository {
  /** the consumer's addresses, newest first */
  list(uid: string): Promise<Address[]>;
  /** 409 once the consumer has ADDRESS_MAX_PER_CONSUMER */
  add(uid: string, address: AddressFields): Promise<Address>;
  /** null when the consumer has no such address (someone else's included) */
  update(uid: string, addressId: string, address: AddressFields): Promise<Address | null>;
  /** false when the consumer has no such address; 409 while a cart item is for it */
  remove(uid: string, addressId: string): Promise<boolean>;
}

interface AddressRow {
  id: string;
  label: string;
  line1: string;
  line2: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id::text AS id, label, line1, line2, landmark, city, state, pincode, created_at, updated_at';

function toAddress(row: AddressRow): Address {
  return {
    addressId: row.id,
    // written only through the contract's schema (and CHECKed), so the casts hold
    label: row.label as AddressLabel,
    line1: row.line1,
    line2: row.line2,
    landmark: row.landmark,
    city: row.city,
    state: row.state as IndianState,
    pincode: row.pincode,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

const values = (address: AddressFields) => [address.label, address.line1, address.line2, address.landmark, address.city, address.state, address.pincode];

export function createAddressRepository(db: Database): AddressRepository {
  return {
    async list(uid) {
      const rows = await db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE consumer_uid = $1 ORDER BY created_at DESC, id DESC`, [uid]);
      return rows.map(toAddress);
    },

    add(uid, address) {
      return db.transaction(async (session) => {
        // one consumer's adds take turns (a lock of their own), so two at once cannot pass the limit together
        await session.query('SELECT pg_advisory_xact_lock(13, hashtext($1))', [uid]);
        const [count] = await session.query<{ n: number }>('SELECT count(*)::integer AS n FROM addresses WHERE consumer_uid = $1', [uid]);
        if ((count?.n ?? 0) >= ADDRESS_MAX_PER_CONSUMER) throw new HttpError(409, ADDRESS_MESSAGES.tooMany);
        const [row] = await session.query<AddressRow>(
          `INSERT INTO addresses (consumer_uid, label, line1, line2, landmark, city, state, pincode)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
          [uid, ...values(address)],
        );
        if (!row) throw new Error('INSERT … RETURNING gave no address');
        return toAddress(row);
      });
    },

    async update(uid, addressId, address) {
      if (!isUuid(addressId)) return null;
      const [row] = await db.query<AddressRow>(
        `UPDATE addresses SET label = $3, line1 = $4, line2 = $5, landmark = $6, city = $7, state = $8, pincode = $9, updated_at = now()
         WHERE id = $1 AND consumer_uid = $2 RETURNING ${COLUMNS}`,
        [addressId, uid, ...values(address)],
      );
      return row ? toAddress(row) : null;
    },

    async remove(uid, addressId) {
      if (!isUuid(addressId)) return false;
      return db.transaction(async (session) => {
        // the row lock first: a cart item being added for it (FOR SHARE there) waits, or is waited for
        const [mine] = await session.query('SELECT id FROM addresses WHERE id = $1 AND consumer_uid = $2 FOR UPDATE', [addressId, uid]);
        if (!mine) return false;
        const [used] = await session.query<{ used: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM cart_items ci JOIN addresses a ON a.id = ci.address_id WHERE a.id = $1 AND a.consumer_uid = $2) AS used`,
          [addressId, uid],
        );
        if (used?.used) throw new HttpError(409, ADDRESS_MESSAGES.inCart);
        const removed = await session.query('DELETE FROM addresses WHERE id = $1 AND consumer_uid = $2 RETURNING id', [addressId, uid]);
        return removed.length > 0;
      });
    },
  };
}

/** 404 'address.notFound' — an unknown id and someone else's are the same answer. */
export const addressNotFound = () => notFound(ADDRESS_MESSAGES.notFound);
