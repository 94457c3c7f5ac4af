import type {
  CatalogImage,
  Menu,
  ServiceCategory,
  ServiceDetail,
  ServiceListItem,
  ServiceSearchResult,
} from '@utsav/contracts/schemas';
import { serviceImageUrl } from '@utsav/contracts/service-images';

/**
 * The columns every service read selects (`s` is services, `p` providers), with the starting price
 * (the cheapest menu, kept on the service: migration 011) and the images as JSON, main first.
 */
export const SERVICE_COLUMNS = `
  s.id::text AS id, s.title, s.description, s.category, s.city, s.state, s.currency,
  s.average_rating::float8 AS rating, s.review_count, p.name AS provider_name, p.travel_terms AS provider_travel_terms,
  coalesce(s.start_price, 0) AS price, coalesce(images.images, '[]') AS images`;

/** The joins SERVICE_COLUMNS needs, after `FROM services s` (all LEFT: a page's total row has no service). */
export const SERVICE_JOINS = `
  LEFT JOIN providers p ON p.id = s.provider_id
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('id', i.id, 'role', i.role, 'width', i.width, 'height', i.height, 'alt', i.alt)
                    ORDER BY i.role, i.position) AS images
    FROM service_images i WHERE i.service_id = s.id
  ) images ON true`;

export interface ServiceRow {
  id: string;
  title: string;
  description: string;
  category: string;
  city: string;
  state: string;
  currency: string;
  rating: number | null;
  review_count: number;
  provider_name: string;
  provider_travel_terms: string | null;
  price: number;
  images: { id: string; role: 'main' | 'sample'; width: number; height: number; alt: string }[];
}

export const MENU_COLUMNS = `
  m.id::text AS id, m.service_id::text AS service_id, m.name, m.price, m.currency, m.service_type, m.description,
  m.expected_delivery_time, m.is_custom, o.extra_photos_enabled, o.extra_photo_price, o.supports_revisions,
  coalesce((
    SELECT json_agg(json_build_object('title', it.title, 'description', it.description, 'quantity', it.quantity,
                                      'price', it.price) ORDER BY it.position)
    FROM menu_items it WHERE it.menu_id = m.id
  ), '[]') AS items`;

export const MENU_JOINS = `LEFT JOIN menu_custom_options o ON o.menu_id = m.id`;

export interface MenuRow {
  id: string;
  service_id: string;
  name: string;
  price: number;
  currency: string;
  service_type: string;
  description: string;
  expected_delivery_time: string;
  is_custom: boolean;
  extra_photos_enabled: boolean | null;
  extra_photo_price: number | null;
  supports_revisions: boolean | null;
  items: Menu['items'];
}

/** A catalog row as the contract has it. Columns are CHECKed in SQL (currency 'INR', the categories). */
export function toRowMapper() {
  // the image's address on the page's own origin (the host server hands /media/ to this API)
  const image = (row: ServiceRow['images'][number]): CatalogImage => ({
    id: row.id,
    url: serviceImageUrl(row.id),
    width: row.width,
    height: row.height,
    alt: row.alt,
  });

  const base = (row: ServiceRow) => ({
    serviceId: row.id,
    title: row.title,
    description: row.description,
    category: row.category as ServiceCategory,
    location: { city: row.city, state: row.state },
    currency: 'INR' as const,
    price: row.price,
    reviewCount: row.review_count,
  });

  const images = (row: ServiceRow) => {
    const main = row.images.find((entry) => entry.role === 'main');
    if (!main) throw new Error(`Service ${row.id} has no main image`);
    return { mainImage: image(main), workSamples: row.images.filter((entry) => entry.role === 'sample').map(image) };
  };

  return {
    searchResult: (row: ServiceRow): ServiceSearchResult => ({
      ...base(row),
      mainImage: images(row).mainImage,
      rating: row.rating,
    }),
    listItem: (row: ServiceRow): ServiceListItem => ({ ...base(row), images: images(row), rating: row.rating }),
    detail: (row: ServiceRow, menus: MenuRow[]): ServiceDetail => ({
      ...base(row),
      images: images(row),
      averageRating: row.rating,
      provider: { name: row.provider_name, travelTerms: row.provider_travel_terms },
      menus: menus.map(toMenu),
    }),
    menu: toMenu,
  };
}

function toMenu(row: MenuRow): Menu {
  const hasOptions = row.is_custom && row.extra_photos_enabled !== null;
  return {
    menuId: row.id,
    serviceId: row.service_id,
    name: row.name,
    price: row.price,
    currency: 'INR',
    serviceType: row.service_type,
    description: row.description,
    expectedDeliveryTime: row.expected_delivery_time,
    items: row.items,
    isCustom: row.is_custom,
    customOptions: hasOptions
      ? {
          extraPhotos: { enabled: row.extra_photos_enabled === true, price: row.extra_photo_price ?? 0 },
          supportsRevisions: row.supports_revisions === true,
        }
      : null,
  };
}
