import { warmingCovers } from '../src/shared/covers';

const service = (id: string) => ({ mainImage: { url: `http://api.test/media/${id}.svg`, alt: id } }) as never;

test('starts loading the first covers a page shows, and hands the answer on', async () => {
  const started: string[] = [];
  const RealImage = globalThis.Image;
  globalThis.Image = class {
    fetchPriority = '';
    set src(url: string) {
      started.push(url);
    }
  } as unknown as typeof Image;
  try {
    const answer = { results: [service('a'), service('b'), service('c')] };
    await expect(warmingCovers(Promise.resolve(answer), (value) => value.results)).resolves.toBe(answer);
    expect(started).toEqual(['http://api.test/media/a.svg', 'http://api.test/media/b.svg']);
  } finally {
    globalThis.Image = RealImage;
  }
});

test('where there is no Image (a preload on the server), the answer is handed on untouched', async () => {
  const RealImage = globalThis.Image;
  // @ts-expect-error -- as in Node
  delete globalThis.Image;
  try {
    const answer = { results: [service('a')] };
    await expect(warmingCovers(Promise.resolve(answer), (value) => value.results)).resolves.toBe(answer);
  } finally {
    globalThis.Image = RealImage;
  }
});
