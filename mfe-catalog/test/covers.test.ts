// react-dom's client is what places a preload in the page (in the browser, the host has loaded it before any page runs)
import 'react-dom/client';
import { PICTURE_SIZES, warmingCovers } from '../src/shared/covers';
import { image } from './support/fixtures';
import { clearImagePreloads, imagePreloads } from './support/pictures';

const service = (id: string) => ({ mainImage: image(id) });
const avifSrcSet = (id: string) => [240, 360, 480, 720, 960].map((width) => `/media/services/img-${id}-${width}.avif ${width}w`).join(', ');

beforeEach(() => clearImagePreloads());

test('starts loading the first covers a page shows, as the AVIF srcset and sizes their <picture> picks from, and hands the answer on', async () => {
  const answer = { results: [service('a'), service('b'), service('c')] };
  await expect(warmingCovers(Promise.resolve(answer), (value) => value.results, PICTURE_SIZES.rail)).resolves.toBe(answer);
  expect(imagePreloads()).toEqual([`${avifSrcSet('a')} @ 240px`, `${avifSrcSet('b')} @ 240px`]);
  // asked for first, and only by a browser that draws AVIF
  expect(document.head.querySelector('link[rel="preload"][as="image"]')).toHaveAttribute('fetchpriority', 'high');
  expect(document.head.querySelector('link[rel="preload"][as="image"]')).toHaveAttribute('type', 'image/avif');
});

test('a cover asked for twice is preloaded once', async () => {
  const answer = { results: [service('once')] };
  await warmingCovers(Promise.resolve(answer), (value) => value.results, PICTURE_SIZES.grid);
  await warmingCovers(Promise.resolve(answer), (value) => value.results, PICTURE_SIZES.grid);
  expect(imagePreloads()).toEqual([`${avifSrcSet('once')} @ (min-width: 600px) 300px, calc(50vw - 22px)`]);
});
