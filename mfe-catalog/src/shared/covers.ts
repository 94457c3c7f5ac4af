import { preload } from 'react-dom';
import type { CatalogImage } from '@utsav/contracts/schemas';
import { serviceImageSrcSet, serviceImageUrl, SERVICE_IMAGE_TYPES } from '@utsav/contracts/service-images';
import { prefetch, resource, type Resource } from '@utsav/contracts';

/** How many cards a page shows above the fold, whose covers load first (the rest are lazy). */
export const ABOVE_FOLD_CARDS = 2;

/**
 * How a list's card cover loads: the first above the fold is the page's largest picture (its LCP),
 * asked for first; the other cards above the fold at once; the rest lazily.
 */
export function coverPriority(index: number, aboveFold = true): 'high' | 'eager' | 'lazy' {
  if (!aboveFold || index >= ABOVE_FOLD_CARDS) return 'lazy';
  return index === 0 ? 'high' : 'eager';
}

/**
 * How wide each layout draws a picture, as an <img>'s `sizes` says it, so the browser picks the
 * width it needs from the srcset (on Lighthouse's phone, 412 px wide at 1.75×: a rail card takes the
 * 480 px picture, a results card the 360, the detail photo the 720).
 */
export const PICTURE_SIZES = {
  /** Home's rails: a card is clamp(200px, 62%, 240px) wide (ServiceRail) */
  rail: '240px',
  /** the results grid: two columns on a phone, columns of 200–300 px beyond (SearchResults) */
  grid: '(min-width: 600px) 300px, calc(50vw - 22px)',
  /** Service detail's carousel: the page's width less its margins (the app's frame is at most 960 px) */
  carousel: '(min-width: 960px) 912px, calc(100vw - 32px)',
} as const;

/** Anything with a cover: search results carry `mainImage`, lists and the detail `images.mainImage` (spec §3). */
export type WithCover = { mainImage: CatalogImage } | { images: { mainImage: CatalogImage } };

export function coverOf(service: WithCover): CatalogImage {
  return 'mainImage' in service ? service.mainImage : service.images.mainImage;
}

/**
 * `answer`, having started fetching the covers of the first services it names (those the page
 * shows above the fold), so they are on their way while the page still waits for the session and
 * renders, rather than asked for only once their <img> is drawn: a preload of the same AVIF srcset
 * and `sizes` the <picture> then picks from, so the browser keeps the very file it will show.
 */
export async function warmingCovers<T>(answer: Promise<T>, servicesOf: (value: T) => readonly WithCover[], sizes: string): Promise<T> {
  const value = await answer;
  // a page's preload on the server (server rendering): its covers go out with the HTML instead
  if (typeof document === 'undefined') return value;
  for (const service of servicesOf(value).slice(0, ABOVE_FOLD_CARDS)) {
    const { id } = coverOf(service);
    preload(serviceImageUrl(id, 480, 'avif'), {
      as: 'image',
      imageSrcSet: serviceImageSrcSet(id, 'avif'),
      imageSizes: sizes,
      type: SERVICE_IMAGE_TYPES.avif,
      fetchPriority: 'high',
    });
  }
  return value;
}

/** `prefetch`es a page's resource whose answer's first covers (`servicesOf`) start loading as it comes (warmingCovers). */
export function prefetchWithCovers<T>({ key, call }: Resource<T>, servicesOf: (value: T) => readonly WithCover[], sizes: string): void {
  prefetch(resource(key, (signal) => warmingCovers(call(signal), servicesOf, sizes)));
}
