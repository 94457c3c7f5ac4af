// By package name, not relative paths: at run time the calls are the shared contracts' (and a test that mocks
// a call module, `jest.mock('@utsav/contracts/catalog')`, sees its resources ask through the mock).
import { LATEST_LIMIT, POPULAR_LIMIT, resource } from '@utsav/contracts';
import { getLatestServices, getMenu, getPopularServices, getService, getServiceReviews, searchServices } from '@utsav/contracts/catalog';
import type { ServiceCategory, ServiceSearchQuery } from '../../domain/schemas/catalog';
import type { ReviewPageQuery } from '../../domain/schemas/review';

/** The catalog's resources, `catalogResources` (../api-resources.ts). */

/** a page of a search (GET /services); its key names every parameter */
export const search = (params: ServiceSearchQuery) => {
  const { q, category, city, sort, minPrice, maxPrice, limit, offset } = params;
  const key = ['services', q ?? null, category ?? null, city ?? null, sort ?? null, minPrice ?? null, maxPrice ?? null, limit ?? null, offset ?? null];
  return resource(key, (signal) => searchServices(params, signal));
};
export const service = (serviceId: string) => resource(['service', serviceId], (signal) => getService(serviceId, signal));
/** Home's Recommended For You: the category chosen at onboarding first, topped up from the overall list */
export const popular = (category?: ServiceCategory) =>
  resource(['services-popular', category ?? null], (signal) => getPopularServices(POPULAR_LIMIT, signal, category));
/** Home's Recently Added */
export const latest = () => resource(['services-latest'], (signal) => getLatestServices(LATEST_LIMIT, signal));
export const menu = (menuId: string) => resource(['menu', menuId], (signal) => getMenu(menuId, signal));
export const reviews = (serviceId: string, page: ReviewPageQuery) =>
  resource(['service-reviews', serviceId, page.limit, page.offset], (signal) => getServiceReviews(serviceId, page, signal));
