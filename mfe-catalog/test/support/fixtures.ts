import type {
  CatalogImage,
  Menu,
  ServiceDetail,
  ServiceListItem,
  ServiceSearchResult,
  ServiceSearchResponse,
} from '@utsav/contracts/schemas';
import { serviceImageUrl } from '@utsav/contracts/service-images';

/** A promise a test settles when it wants to. */
export { deferred } from '@utsav/contracts/testing';

/** A picture as the API describes it: its id (here made from its words), the 480 px WebP as `url`, its size and words. */
export function image(alt: string, width = 1200, height = 900): CatalogImage {
  const id = `img-${alt.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return { id, url: serviceImageUrl(id), width, height, alt };
}

const base = {
  description: 'Candid and traditional wedding photography.',
  category: 'Photography' as const,
  location: { city: 'Mumbai', state: 'Maharashtra' },
  currency: 'INR' as const,
  price: 2_500_000,
  reviewCount: 12,
};

export function searchResult(id: string, title: string, extra: Partial<ServiceSearchResult> = {}): ServiceSearchResult {
  return { ...base, serviceId: id, title, mainImage: image(`${title} cover`), rating: 4.5, ...extra };
}

export function searchPage(results: ServiceSearchResult[], total = results.length, offset = 0): ServiceSearchResponse {
  return { results, total, limit: 20, offset };
}

export function listItem(id: string, title: string, extra: Partial<ServiceListItem> = {}): ServiceListItem {
  return { ...base, serviceId: id, title, images: { mainImage: image(`${title} cover`), workSamples: [] }, rating: 4.2, ...extra };
}

export function menu(id: string, name: string, extra: Partial<Menu> = {}): Menu {
  return {
    menuId: id,
    serviceId: 's1',
    name,
    price: 5_000_000,
    currency: 'INR',
    serviceType: 'Wedding photography',
    description: 'Full-day coverage of the ceremony.',
    expectedDeliveryTime: '2 weeks after the event',
    items: [
      { title: 'Edited photos', description: 'Colour-graded high resolution', quantity: 300, price: 10_000 },
      { title: 'Photo album', description: 'Hard-bound, 40 pages', quantity: 1, price: 1_500_000 },
    ],
    isCustom: false,
    customOptions: null,
    ...extra,
  };
}

export function service(extra: Partial<ServiceDetail> = {}): ServiceDetail {
  return {
    ...base,
    serviceId: 's1',
    title: 'Lens & Light Studio',
    images: { mainImage: image('Main photo'), workSamples: [image('Sample one'), image('Sample two')] },
    averageRating: 4.5,
    provider: { name: 'Lens & Light' },
    menus: [menu('m1', 'Silver'), menu('m2', 'Gold', { price: 9_000_000 })],
    ...extra,
  };
}

