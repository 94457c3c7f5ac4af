import type {
  Menu,
  ServiceCategory,
  ReviewPage,
  ReviewPageQuery,
  ServiceDetail,
  ServiceListItem,
  ServiceSearchResponse,
  ServiceSort,
} from '@utsav/contracts/schemas';
import type { Database } from '../db';
import { isUuid } from '../http/uuid';
import { MENU_COLUMNS, MENU_JOINS, SERVICE_COLUMNS, SERVICE_JOINS, toRowMapper, type MenuRow, type ServiceRow } from './catalog-rows';
import { findServiceReviews } from './review-repository';
import { searchTerms } from './search-terms';
import { searchOrder, searchServices } from './service-search';

export interface SearchQuery {
  q: string;
  category?: string;
  city?: string;
  sort?: ServiceSort;
  /** on the starting price, integer paise */
  minPrice?: number;
  maxPrice?: number;
  limit: number;
  offset: number;
}

/** What the image route needs to draw a service image. */
export interface ServiceImageInfo {
  id: string;
  role: 'main' | 'sample';
  position: number;
  width: number;
  height: number;
  category: string;
  providerName: string;
}

export interface CatalogRepository {
  search(query: SearchQuery): Promise<ServiceSearchResponse>;
  /** changes whenever the catalog does (any process): cached answers older than that are stale */
  version(): Promise<string>;
  /**
   * best rated with at least 10 reviews, by Bayesian average; with a category, that category's first,
   * then the rest of the list (so a category with fewer is topped up)
   */
  popular(limit: number, category?: ServiceCategory): Promise<ServiceListItem[]>;
  /** newest first */
  latest(limit: number): Promise<ServiceListItem[]>;
  /** null for an unknown id (any string) */
  findService(serviceId: string): Promise<ServiceDetail | null>;
  findMenu(menuId: string): Promise<Menu | null>;
  /** a page of a service's reviews, newest first; null for an unknown service */
  reviews(serviceId: string, page: ReviewPageQuery): Promise<ReviewPage | null>;
  findImage(imageId: string): Promise<ServiceImageInfo | null>;
}


// NUL and other control characters cannot be stored in Postgres text; no city has them
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const POPULAR_SQL = `
  SELECT ${SERVICE_COLUMNS}
  FROM (SELECT * FROM services WHERE review_count >= 10 ORDER BY popularity DESC, id LIMIT $1) s
  ${SERVICE_JOINS}
  ORDER BY s.popularity DESC, s.id`;

// the category's popular services, then the others: two index walks of at most $1 each
const POPULAR_IN_CATEGORY_SQL = `
  SELECT ${SERVICE_COLUMNS}
  FROM (
    (SELECT *, 0 AS tier FROM services WHERE review_count >= 10 AND category = $2 ORDER BY popularity DESC, id LIMIT $1)
    UNION ALL
    (SELECT *, 1 AS tier FROM services WHERE review_count >= 10 AND category <> $2 ORDER BY popularity DESC, id LIMIT $1)
    ORDER BY tier, popularity DESC, id
    LIMIT $1
  ) s
  ${SERVICE_JOINS}
  ORDER BY s.tier, s.popularity DESC, s.id`;

const LATEST_SQL = `
  SELECT ${SERVICE_COLUMNS}
  FROM (SELECT * FROM services ORDER BY created_at DESC, id LIMIT $1) s
  ${SERVICE_JOINS}
  ORDER BY s.created_at DESC, s.id`;

const SERVICE_SQL = `SELECT ${SERVICE_COLUMNS} FROM services s ${SERVICE_JOINS} WHERE s.id = $1`;
const MENUS_OF_SERVICE_SQL = `SELECT ${MENU_COLUMNS} FROM menus m ${MENU_JOINS} WHERE m.service_id = $1 ORDER BY m.price, m.name, m.id`;
const MENU_SQL = `SELECT ${MENU_COLUMNS} FROM menus m ${MENU_JOINS} WHERE m.id = $1`;
const IMAGE_SQL = `
  SELECT i.id::text AS id, i.role, i.position, i.width, i.height, s.category, p.name AS provider_name
  FROM service_images i JOIN services s ON s.id = i.service_id JOIN providers p ON p.id = s.provider_id
  WHERE i.id = $1`;

/** The city filter as search applies it (compared case-blind), or undefined for none. */
const cityFilter = (city: string | undefined) => city?.replace(CONTROL_CHARACTERS, '').trim() || undefined;

/**
 * What a search's answer depends on, as a string: its words, filters, the sort it applies and its page, so
 * "Wedding  photographer" and "wedding photographer" share one cache entry, and so do no sort and the
 * sort it stands for. (The city keeps its case: the database, not JavaScript, decides which cases are the same.)
 */
export function searchKey({ q, category, city, sort, minPrice, maxPrice, limit, offset }: SearchQuery): string {
  const terms = searchTerms(q);
  return JSON.stringify([
    terms,
    category ?? null,
    cityFilter(city) ?? null,
    minPrice ?? null,
    maxPrice ?? null,
    searchOrder(sort, terms.length > 0),
    limit,
    offset,
  ]);
}

export function createCatalogRepository(db: Database): CatalogRepository {
  const map = toRowMapper();

  return {
    async search({ q, category, city, sort, minPrice, maxPrice, limit, offset }) {
      // no words and no filter lists the whole catalog (most popular first by default)
      const page = await searchServices(db, {
        terms: searchTerms(q),
        category,
        city: cityFilter(city),
        minPrice,
        maxPrice,
        sort,
        limit,
        offset,
      });
      return { results: page.rows.map(map.searchResult), total: page.total, limit, offset };
    },

    async version() {
      const [row] = await db.query<{ version: string }>('SELECT version::text AS version FROM catalog_version');
      return row?.version ?? '0';
    },

    async popular(limit, category) {
      const rows = category
        ? await db.query<ServiceRow>(POPULAR_IN_CATEGORY_SQL, [limit, category])
        : await db.query<ServiceRow>(POPULAR_SQL, [limit]);
      return rows.map(map.listItem);
    },

    async latest(limit) {
      return (await db.query<ServiceRow>(LATEST_SQL, [limit])).map(map.listItem);
    },

    async findService(serviceId) {
      if (!isUuid(serviceId)) return null;
      const [row] = await db.query<ServiceRow>(SERVICE_SQL, [serviceId]);
      if (!row) return null;
      const menus = await db.query<MenuRow>(MENUS_OF_SERVICE_SQL, [serviceId]);
      return map.detail(row, menus);
    },

    async findMenu(menuId) {
      if (!isUuid(menuId)) return null;
      const [row] = await db.query<MenuRow>(MENU_SQL, [menuId]);
      return row ? map.menu(row) : null;
    },

    reviews: (serviceId, page) => findServiceReviews(db, serviceId, page),

    async findImage(imageId) {
      if (!isUuid(imageId)) return null;
      const [row] = await db.query<Omit<ServiceImageInfo, 'providerName'> & { provider_name: string }>(IMAGE_SQL, [imageId]);
      if (!row) return null;
      const { provider_name: providerName, ...image } = row;
      return { ...image, providerName };
    },
  };
}
