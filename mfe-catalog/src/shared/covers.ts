import type { CatalogImage } from '@utsav/contracts/schemas';

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

/** Anything with a cover: search results carry `mainImage`, lists and the detail `images.mainImage` (spec §3). */
export type WithCover = { mainImage: CatalogImage } | { images: { mainImage: CatalogImage } };

export function coverOf(service: WithCover): CatalogImage {
  return 'mainImage' in service ? service.mainImage : service.images.mainImage;
}

/**
 * `answer`, having started fetching the covers of the first services it names (those the page
 * shows above the fold), so they are on their way while the page still waits for the session and
 * renders, rather than asked for only once their <img> is drawn. The browser keeps each for the
 * <img> that follows.
 */
export async function warmingCovers<T>(answer: Promise<T>, servicesOf: (value: T) => readonly WithCover[]): Promise<T> {
  const value = await answer;
  // a page's preload on the server (server rendering): its covers go out with the HTML instead
  if (typeof Image === 'undefined') return value;
  for (const service of servicesOf(value).slice(0, ABOVE_FOLD_CARDS)) {
    const picture = new Image();
    picture.fetchPriority = 'high';
    picture.src = coverOf(service).url;
  }
  return value;
}
