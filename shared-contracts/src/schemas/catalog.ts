import * as z from './zod';

/**
 * The catalog as the API serves it (spec §3 Service and Menu, §7 "Service search and lists").
 * Money is integer paise (₹1 = 100) everywhere; format it with formatINR.
 */

export const SERVICE_CATEGORIES = [
  'Photography',
  'Catering',
  'Makeup',
  'Venues',
  'Haircut',
  'Massage',
  'Facial',
  'Manicure/Pedicure',
  'Personal Training',
  'Tutoring',
  'Wedding Planning',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** The Home page's Popular Categories (spec §2). */
export const HOME_CATEGORIES = ['Photography', 'Catering', 'Makeup', 'Venues'] as const satisfies readonly ServiceCategory[];

/** An image with its intrinsic size, so pages reserve its box and never shift. */
export const imageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});
export type CatalogImage = z.infer<typeof imageSchema>;

export const locationSchema = z.object({ city: z.string(), state: z.string() });

const paise = z.number().int().nonnegative();

const serviceBase = {
  serviceId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  location: locationSchema,
  currency: z.literal('INR'),
  /** the starting price (the cheapest package), integer paise */
  price: paise,
  reviewCount: z.number().int().nonnegative(),
};

/** GET /services?q= results: `mainImage` at the top (spec: "mainImage (in search)"). */
export const serviceSearchResultSchema = z.object({
  ...serviceBase,
  mainImage: imageSchema,
  /** average rating 1–5, null when there are no reviews */
  rating: z.number().nullable(),
});
export type ServiceSearchResult = z.infer<typeof serviceSearchResultSchema>;

export const serviceImagesSchema = z.object({ mainImage: imageSchema, workSamples: z.array(imageSchema) });

/** GET /services/popular and /services/latest results: `images` and `rating` (spec: "lists"). */
export const serviceListItemSchema = z.object({
  ...serviceBase,
  images: serviceImagesSchema,
  rating: z.number().nullable(),
});
export type ServiceListItem = z.infer<typeof serviceListItemSchema>;

export const menuItemSchema = z.object({
  title: z.string(),
  description: z.string(),
  quantity: z.number().int().positive(),
  /** integer paise per item */
  price: paise,
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const customOptionsSchema = z.object({
  extraPhotos: z.object({ enabled: z.boolean(), price: paise }),
  supportsRevisions: z.boolean(),
});

export const menuSchema = z.object({
  menuId: z.string(),
  serviceId: z.string(),
  name: z.string(),
  price: paise,
  currency: z.literal('INR'),
  serviceType: z.string(),
  description: z.string(),
  /** e.g. 'Same day', '2 weeks after the event' */
  expectedDeliveryTime: z.string(),
  items: z.array(menuItemSchema),
  isCustom: z.boolean(),
  customOptions: customOptionsSchema.nullable(),
});
export type Menu = z.infer<typeof menuSchema>;

/** GET /services/{id}: the whole service with its menus (spec: "averageRating (detail)"). */
export const serviceDetailSchema = z.object({
  ...serviceBase,
  images: serviceImagesSchema,
  averageRating: z.number().nullable(),
  provider: z.object({ name: z.string() }),
  menus: z.array(menuSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** GET /services query: free text, optional filters, paging. */
export const serviceSearchQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH, `Search text must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`).default(''),
  category: z.enum(SERVICE_CATEGORIES, { error: 'Unknown category' }).optional(),
  city: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export interface ServiceSearchQuery {
  q?: string;
  category?: ServiceCategory;
  city?: string;
  limit?: number;
  offset?: number;
}

export const serviceSearchResponseSchema = z.object({
  results: z.array(serviceSearchResultSchema),
  /** how many services match in all (for paging) */
  total: z.number().int().nonnegative(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ServiceSearchResponse = z.infer<typeof serviceSearchResponseSchema>;

export const serviceListResponseSchema = z.object({ results: z.array(serviceListItemSchema) });
export type ServiceListResponse = z.infer<typeof serviceListResponseSchema>;

/** GET /menus/{menuId}: the menu under `data`, `isCustom` at the top level (spec §7). */
export const menuResponseSchema = z.object({ data: menuSchema, isCustom: z.boolean(), total: z.literal(1) });
export type MenuResponse = z.infer<typeof menuResponseSchema>;

/** A 404 of the catalog: "A total of 0 means not found" (spec §7). */
export const notFoundSchema = z.object({ total: z.literal(0), message: z.string() });
