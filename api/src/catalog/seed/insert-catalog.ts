import type { SqlSession } from '../../db';
import type { SeedService } from './generate-catalog';
import type { SeedReview } from './generate-reviews';

export interface InsertedCounts {
  services: number;
  menus: number;
  items: number;
  images: number;
  reviews: number;
}

/**
 * Writes services with their providers, images, menus, items and options: one INSERT … SELECT FROM
 * unnest(arrays) per table, whatever the number of services, all parameters.
 */
export async function insertCatalog(session: SqlSession, services: readonly SeedService[]): Promise<InsertedCounts> {
  const images = services.flatMap((service) => service.images.map((image) => ({ serviceId: service.id, ...image })));
  const menus = services.flatMap((service) =>
    service.menus.map((menu) => ({ serviceId: service.id, createdAt: service.createdAt, ...menu })),
  );
  const items = menus.flatMap((menu) => menu.items.map((item, position) => ({ menuId: menu.id, position, ...item })));
  const reviews = services.flatMap((service) => service.reviews.map((review) => ({ serviceId: service.id, ...review })));
  const options = menus.flatMap((menu) => (menu.customOptions ? [{ menuId: menu.id, ...menu.customOptions }] : []));
  const column = <T, V>(rows: readonly T[], pick: (row: T) => V) => rows.map(pick);

  await session.query(
    `INSERT INTO providers (id, name, created_at, travel_terms)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[])`,
    [
      column(services, (s) => s.providerId),
      column(services, (s) => s.providerName),
      column(services, (s) => s.createdAt),
      column(services, (s) => s.travelTerms),
    ],
  );
  await session.query(
    // start_price is written here so the menus' trigger finds nothing to change (migration 011)
    `INSERT INTO services (id, provider_id, title, description, category, city, state, average_rating, review_count, created_at,
                          start_price)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::numeric[], $9::int[], $10::timestamptz[], $11::int[])`,
    [
      column(services, (s) => s.id),
      column(services, (s) => s.providerId),
      column(services, (s) => s.title),
      column(services, (s) => s.description),
      column(services, (s) => s.category),
      column(services, (s) => s.city),
      column(services, (s) => s.state),
      column(services, (s) => s.averageRating),
      column(services, (s) => s.reviewCount),
      column(services, (s) => s.createdAt),
      column(services, (s) => (s.menus.length > 0 ? Math.min(...s.menus.map((menu) => menu.price)) : null)),
    ],
  );
  await session.query(
    `INSERT INTO service_images (id, service_id, role, position, width, height, alt)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::smallint[], $5::int[], $6::int[], $7::text[])`,
    [
      column(images, (i) => i.id),
      column(images, (i) => i.serviceId),
      column(images, (i) => i.role),
      column(images, (i) => i.position),
      column(images, (i) => i.width),
      column(images, (i) => i.height),
      column(images, (i) => i.alt),
    ],
  );
  await session.query(
    `INSERT INTO menus (id, service_id, name, description, service_type, price, expected_delivery_time, is_custom, created_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[],
                          $8::boolean[], $9::timestamptz[])`,
    [
      column(menus, (m) => m.id),
      column(menus, (m) => m.serviceId),
      column(menus, (m) => m.name),
      column(menus, (m) => m.description),
      column(menus, (m) => m.serviceType),
      column(menus, (m) => m.price),
      column(menus, (m) => m.expectedDeliveryTime),
      column(menus, (m) => m.isCustom),
      column(menus, (m) => m.createdAt),
    ],
  );
  await session.query(
    `INSERT INTO menu_items (menu_id, position, title, description, quantity, price)
     SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::text[], $4::text[], $5::int[], $6::int[])`,
    [
      column(items, (i) => i.menuId),
      column(items, (i) => i.position),
      column(items, (i) => i.title),
      column(items, (i) => i.description),
      column(items, (i) => i.quantity),
      column(items, (i) => i.price),
    ],
  );
  await session.query(
    `INSERT INTO menu_custom_options (menu_id, extra_photos_enabled, extra_photo_price, supports_revisions)
     SELECT * FROM unnest($1::uuid[], $2::boolean[], $3::int[], $4::boolean[])`,
    [
      column(options, (o) => o.menuId),
      column(options, (o) => o.extraPhotosEnabled),
      column(options, (o) => o.extraPhotoPrice),
      column(options, (o) => o.supportsRevisions),
    ],
  );
  await insertReviews(session, reviews);
  return { services: services.length, menus: menus.length, items: items.length, images: images.length, reviews: reviews.length };
}

/**
 * Writes reviews (one statement). The reviews trigger (migration 012) then derives the services'
 * review_count and average_rating from the table: the seed inserted the services with those figures
 * already, so it finds nothing to change.
 */
export async function insertReviews(session: SqlSession, reviews: readonly (SeedReview & { serviceId: string })[]): Promise<void> {
  if (reviews.length === 0) return;
  await session.query(
    `INSERT INTO reviews (id, service_id, author_name, rating, body, reviewed_on)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::smallint[], $5::text[], $6::date[])`,
    [
      reviews.map((r) => r.id),
      reviews.map((r) => r.serviceId),
      reviews.map((r) => r.authorName),
      reviews.map((r) => r.rating),
      reviews.map((r) => r.text),
      reviews.map((r) => r.reviewedOn),
    ],
  );
}
