import { offerListSchema } from '@utsav/contracts/schemas';
import { toIso } from '../bookings/booking-rows';
import type { Database } from '../db';
import type { ApiPlugin } from '../http/route-schemas';
import { activeOffers } from './offer-repository';

/** The most offers one answer lists (the table is curated by hand; a runaway import must not become one huge answer). */
export const MAX_OFFERS = 50;

/**
 * GET /offers (public): the cart's coupons still valid, smallest minimum first (spec §3 Offer; the page
 * applies one by the spec's rule, §5). Amounts are paise; a percentage is a plain number (20 = 20%).
 */
export const offerRoutes: ApiPlugin<{ db: Database }> = async (app, { db }) => {
  app.get('/offers', { schema: { response: { 200: offerListSchema } } }, async () => {
    const rows = await activeOffers(db.query, MAX_OFFERS);
    return {
      results: rows.map((row) => ({
        id: row.id,
        code: row.code,
        description: row.description,
        discountType: row.discount_type,
        discountValue: row.discount_value,
        minCartValue: row.min_cart_value,
        validUntil: toIso(row.valid_until),
      })),
    };
  });
};
