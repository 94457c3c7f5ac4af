import type { Query } from '../db';

export interface OfferRow {
  id: string;
  code: string;
  description: string;
  discount_type: 'percentage' | 'fixed';
  discount_value: number;
  min_cart_value: number;
  valid_until: Date | string;
}

/** The offers still valid, smallest minimum first (then by code), at most `limit`. */
export function activeOffers(query: Query, limit: number): Promise<OfferRow[]> {
  return query<OfferRow>(
    `SELECT id::text AS id, code, description, discount_type, discount_value, min_cart_value, valid_until
     FROM offers WHERE active AND valid_until > now() ORDER BY min_cart_value, code LIMIT $1`,
    [limit],
  );
}
