import type { CatalogImage } from '@utsav/contracts/schemas';

/** How many cards a page shows above the fold, whose covers load first (the rest are lazy). */
export const ABOVE_FOLD_CARDS = 2;

/**
 * Starts fetching the pictures a preloaded answer names, the ones the page will show first, so
 * they are on their way while the page is still waiting for the session and rendering, rather
 * than asked for only once their <img> is drawn. The browser keeps each for the <img> that
 * follows.
 */
export function warmCovers(images: readonly CatalogImage[]): void {
  for (const { url } of images) {
    const picture = new Image();
    picture.fetchPriority = 'high';
    picture.src = url;
  }
}

/** `answer`, having started fetching the covers `coversOf` picks from it. */
export async function warmingCovers<T>(answer: Promise<T>, coversOf: (value: T) => readonly CatalogImage[]): Promise<T> {
  const value = await answer;
  warmCovers(coversOf(value));
  return value;
}
