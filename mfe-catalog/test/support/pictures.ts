/** The image preloads in the document's head, each as `<its srcset> @ <its sizes>`. */
export const imagePreloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => `${link.getAttribute('imagesrcset')} @ ${link.getAttribute('imagesizes')}`);

/** What a drawn picture offers the browser: its <picture>'s AVIF source and its <img>'s WebP srcset, and their sizes. */
export function offered(img: HTMLElement) {
  const source = img.closest('picture')?.querySelector('source');
  return {
    avif: source ? { type: source.getAttribute('type'), srcset: source.getAttribute('srcset'), sizes: source.getAttribute('sizes') } : null,
    webp: { src: img.getAttribute('src'), srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') },
  };
}

/**
 * Takes the image preloads out of the head (only those: React keeps its other hoisted elements there).
 * React also remembers each preload it made, so a test that checks one must use pictures no test in
 * its file preloaded before.
 */
export const clearImagePreloads = () => document.head.querySelectorAll('link[rel="preload"][as="image"]').forEach((link) => link.remove());
