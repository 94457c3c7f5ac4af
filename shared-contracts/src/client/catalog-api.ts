// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest, LATEST_LIMIT, POPULAR_LIMIT } from '@utsav/contracts';
import { checkedAnswer } from './checked-answer';
import type {
  MenuResponse,
  ServiceDetail,
  ServiceCategory,
  ServiceListResponse,
  ServiceSearchQuery,
  ServiceSearchResponse,
} from '../domain/schemas/catalog';
import type { ReviewPage, ReviewPageQuery } from '../domain/schemas/review';

/**
 * The catalog calls of spec §7, public (no token). Each response is checked against the contract
 * schema, so a server that drifts fails loudly here instead of rendering nonsense. (A subpath of
 * its own, `@utsav/contracts/catalog`, so zod stays out of the shared contracts chunk; the schemas
 * load with the first answer they check: checked-answer.ts.)
 */
const catalogSchemas = () => import('../domain/schemas/catalog');
const reviewSchemas = () => import('../domain/schemas/review');

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function searchServices(params: ServiceSearchQuery, signal?: AbortSignal): Promise<ServiceSearchResponse> {
  const answer = apiRequest<unknown>(`/services${query({ ...params })}`, { signal });
  return checkedAnswer(catalogSchemas(), (schemas) => schemas.serviceSearchResponseSchema, answer);
}

export async function getService(serviceId: string, signal?: AbortSignal): Promise<ServiceDetail> {
  return checkedAnswer(catalogSchemas(), (schemas) => schemas.serviceDetailSchema, apiRequest<unknown>(`/services/${encodeURIComponent(serviceId)}`, { signal }));
}

/**
 * The best rated services; with a category, that category's best first, topped up from the overall list
 * when it has fewer than `limit` (Home's Recommended For You, from the onboarding choice).
 */
export async function getPopularServices(
  limit = POPULAR_LIMIT,
  signal?: AbortSignal,
  category?: ServiceCategory,
): Promise<ServiceListResponse> {
  return checkedAnswer(catalogSchemas(), (schemas) => schemas.serviceListResponseSchema, apiRequest<unknown>(`/services/popular${query({ limit, category })}`, { signal }));
}

export async function getLatestServices(limit = LATEST_LIMIT, signal?: AbortSignal): Promise<ServiceListResponse> {
  return checkedAnswer(catalogSchemas(), (schemas) => schemas.serviceListResponseSchema, apiRequest<unknown>(`/services/latest${query({ limit })}`, { signal }));
}

export async function getMenu(menuId: string, signal?: AbortSignal): Promise<MenuResponse> {
  return checkedAnswer(catalogSchemas(), (schemas) => schemas.menuResponseSchema, apiRequest<unknown>(`/menus/${encodeURIComponent(menuId)}`, { signal }));
}

/** A page of a service's reviews, newest first, with their total (= the service's reviewCount). */
export async function getServiceReviews(serviceId: string, page: Partial<ReviewPageQuery> = {}, signal?: AbortSignal): Promise<ReviewPage> {
  const path = `/services/${encodeURIComponent(serviceId)}/reviews${query({ limit: page.limit, offset: page.offset })}`;
  return checkedAnswer(reviewSchemas(), (schemas) => schemas.reviewPageSchema, apiRequest<unknown>(path, { signal }));
}
