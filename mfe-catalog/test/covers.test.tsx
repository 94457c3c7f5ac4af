import { render } from '@testing-library/react';
import { PICTURE_SIZES, warmingCovers } from '../src/shared/covers';
import { image } from './support/fixtures';
import { clearImagePreloads } from './support/pictures';

const service = (id: string) => ({ mainImage: image(id) });

/** The image preloads in the document's head: what each asks for. */
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
    type: link.getAttribute('type'),
    priority: link.getAttribute('fetchpriority'),
  }));

beforeEach(() => {
  clearImagePreloads();
  // react-dom's client is what places a preload in the page (as in the browser, where the host has loaded it)
  render(<></>);
});

test('starts loading the first covers a page shows, as the AVIF srcset and sizes their <picture> picks from, and hands the answer on', async () => {
  const answer = { results: [service('a'), service('b'), service('c')] };
  await expect(warmingCovers(Promise.resolve(answer), (value) => value.results, PICTURE_SIZES.rail)).resolves.toBe(answer);
  expect(preloads()).toEqual(
    ['a', 'b'].map((id) => ({
      srcset: `/media/services/img-${id}-240.avif 240w, /media/services/img-${id}-360.avif 360w, /media/services/img-${id}-480.avif 480w, /media/services/img-${id}-720.avif 720w, /media/services/img-${id}-960.avif 960w`,
      sizes: '240px',
      type: 'image/avif',
      priority: 'high',
    })),
  );
});

test('a cover asked for twice is preloaded once', async () => {
  const answer = { results: [service('once')] };
  await warmingCovers(Promise.resolve(answer), (value) => value.results, PICTURE_SIZES.grid);
  await warmingCovers(Promise.resolve(answer), (value) => value.results, PICTURE_SIZES.grid);
  expect(preloads()).toHaveLength(1);
});
