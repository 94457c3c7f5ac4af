import * as z from './zod';
import { said } from '../validation-messages';
import { PRICE_FILTER_MAX, SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, SERVICE_CATEGORIES, SERVICE_SORTS, type ServiceCategory, type ServiceSort } from './catalog-values';

export * from './catalog-values';

/**
 * The catalog as the API serves it (spec §3 Service and Menu, §7 "Service search and lists").
 * Money is integer paise (₹1 = 100) everywhere; format it with formatINR.
 */

/**
 * An image with its intrinsic size, so pages reserve its box and never shift. `url` is one size of it
 * on the page's own origin; `id` makes every size and format (serviceImageSrcSet, ../service-images.ts).
 */
export const imageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});
export type CatalogImage = z.infer<typeof imageSchema>;

/**
 * Does a service's title already name its provider ('Candid wedding photography by Lens Studio', '… at Glow
 * Studio')? Then what says who is booked is the title alone; otherwise the title and the provider
 * ('… by <provider>'), never the provider twice (issue 39: the invoice and the cart said "by X by X").
 */
export function titleNamesProvider(serviceTitle: string, providerName: string): boolean {
  const provider = providerName.trim().toLocaleLowerCase('en-IN');
  return provider !== '' && serviceTitle.toLocaleLowerCase('en-IN').includes(provider);
}

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
  /** travelTerms: the provider's own words on travelling to another city (issue 39); null or absent: none said */
  provider: z.object({ name: z.string(), travelTerms: z.string().nullish() }),
  menus: z.array(menuSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

const priceBound = (name: string) =>
  z.coerce
    .number({ error: said('validation.paise.number', { label: name }) })
    .int({ error: said('validation.paise.wholeNumber', { label: name }) })
    .min(0, { error: said('validation.paise.between', { label: name, max: PRICE_FILTER_MAX }) })
    .max(PRICE_FILTER_MAX, { error: said('validation.paise.between', { label: name, max: PRICE_FILTER_MAX }) })
    .optional();

/**
 * GET /services query: free text, optional filters (category, city, starting price between minPrice and
 * maxPrice paise, both included), a sort and paging. No words and no filter lists the whole catalog.
 */
export const serviceSearchQuerySchema = z
  .object({
    q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH, { error: said('validation.search.tooLong', { max: SEARCH_QUERY_MAX_LENGTH }) }).default(''),
    category: z.enum(SERVICE_CATEGORIES, { error: said('validation.search.category') }).optional(),
    city: z.string().trim().max(60).optional(),
    sort: z.enum(SERVICE_SORTS, { error: said('validation.oneOf', { label: 'sort', list: SERVICE_SORTS.join(', ') }) }).optional(),
    minPrice: priceBound('minPrice'),
    maxPrice: priceBound('maxPrice'),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    error: said('validation.search.priceOrder'),
    path: ['minPrice'],
  });
export interface ServiceSearchQuery {
  q?: string;
  category?: ServiceCategory;
  city?: string;
  sort?: ServiceSort;
  /** integer paise, on the starting price */
  minPrice?: number;
  maxPrice?: number;
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
