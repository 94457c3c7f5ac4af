import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionAtom, toast, utsavStore } from '@utsav/contracts';
import type { ServiceChoice } from '@utsav/contracts/schemas';
import { getLatestServices, getPopularServices } from '@utsav/contracts/catalog';
import { serviceImageSrcSet } from '@utsav/contracts/service-images';
import { listItem } from './support/fixtures';
import { clearImagePreloads, imagePreloads, offered } from './support/pictures';
import { renderRoute } from './support/render';

// every catalog call becomes a jest.fn (automock)
jest.mock('@utsav/contracts/catalog');

const popular = jest.mocked(getPopularServices);
const latest = jest.mocked(getLatestServices);
let toastError: jest.SpyInstance;

const POPULAR = [
  listItem('p1', 'Lens & Light Studio'),
  listItem('p2', 'Spice Route Caterers', { rating: null }),
  listItem('p3', 'Glow Bridal Makeup'),
  listItem('p4', 'Palace Lawns'),
];
const LATEST = [listItem('l1', 'Mehendi by Meera'), listItem('l2', 'DJ Nights')];

/** Home is behind the guard: a signed-in, onboarded user, with the service chosen at onboarding (null: skipped). */
function signedIn(service: ServiceChoice | null) {
  utsavStore.set(sessionAtom, {
    status: 'signedIn',
    uid: 'u1',
    phone: '+919800000001',
    profile: { status: 'complete', profile: { name: 'Asha', email: 'asha@example.in', service } },
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  signedIn(null);
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  popular.mockResolvedValue({ results: POPULAR });
  latest.mockResolvedValue({ results: LATEST });
});

const region = (name: string) => screen.getByRole('region', { name });

/** Both lists have answered (so no update lands after the test). */
async function listsLoaded() {
  await within(region('Recommended For You')).findAllByRole('article');
  await within(region('Recently Added')).findAllByRole('article');
}

describe('Home', () => {
  it('shows the banner with a Browse Services link to the search', async () => {
    renderRoute('/');
    await listsLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Find Perfect Wedding Services' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
  });

  it('links every category of the catalog (the spec’s four first) to the search filtered by it', async () => {
    renderRoute('/');
    await listsLoaded();
    const categories = within(region('Popular Categories')).getAllByRole('link');
    expect(categories.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Photography', '/services?category=Photography'],
      ['Catering', '/services?category=Catering'],
      ['Makeup', '/services?category=Makeup'],
      ['Venues', '/services?category=Venues'],
      ['Haircut', '/services?category=Haircut'],
      ['Massage', '/services?category=Massage'],
      ['Facial', '/services?category=Facial'],
      ['Manicure/Pedicure', '/services?category=Manicure%2FPedicure'],
      ['Personal Training', '/services?category=Personal+Training'],
      ['Tutoring', '/services?category=Tutoring'],
      ['Wedding Planning', '/services?category=Wedding+Planning'],
    ]);
  });

  it('asks for 4 popular and 2 latest services and lists them as cards', async () => {
    renderRoute('/');
    expect(popular).toHaveBeenCalledWith(4, expect.any(AbortSignal), undefined);
    expect(latest).toHaveBeenCalledWith(2, expect.any(AbortSignal));

    const recommended = region('Recommended For You');
    expect(await within(recommended).findAllByRole('article')).toHaveLength(4);
    const first = within(recommended).getByRole('link', { name: /Lens & Light Studio/ });
    expect(first).toHaveAttribute('href', '/service/p1');
    expect(first).toHaveTextContent('Mumbai');
    expect(first).toHaveTextContent('From ₹25,000.00');
    expect(first).toHaveTextContent('4.2');
    expect(within(recommended).getByRole('link', { name: /Spice Route Caterers/ })).toHaveTextContent('New');

    const recent = region('Recently Added');
    expect(within(recent).getAllByRole('article')).toHaveLength(2);
    expect(within(recent).getByRole('link', { name: /Mehendi by Meera/ })).toHaveAttribute('href', '/service/l1');
  });

  it("has a 'See All' link to each list’s whole list: the most popular, the newest", async () => {
    renderRoute('/');
    await listsLoaded();
    const seeAll = (name: string) => within(region(name)).getByRole('link', { name: 'See All' });
    expect(seeAll('Recommended For You')).toHaveAttribute('href', '/services?sort=popular');
    expect(seeAll('Recently Added')).toHaveAttribute('href', '/services?sort=newest');
  });

  it('recommends from the service chosen at onboarding: that category’s popular list, and See All opens it', async () => {
    signedIn('Makeup');
    renderRoute('/');
    await listsLoaded();
    expect(popular).toHaveBeenCalledTimes(1);
    expect(popular).toHaveBeenCalledWith(4, expect.any(AbortSignal), 'Makeup');
    expect(within(region('Recommended For You')).getAllByRole('article')).toHaveLength(4);
    expect(within(region('Recommended For You')).getByRole('link', { name: 'See All' })).toHaveAttribute(
      'href',
      '/services?category=Makeup&sort=popular',
    );
  });

  it('loads the first recommended pictures at once and the rest lazily, each in its reserved box', async () => {
    renderRoute('/');
    const firstImage = await screen.findByRole('img', { name: 'Lens & Light Studio cover' });
    expect(firstImage).toHaveAttribute('loading', 'eager');
    expect(firstImage).toHaveAttribute('fetchpriority', 'high');
    expect(firstImage).toHaveAttribute('width', '1200');
    expect(firstImage).toHaveAttribute('height', '900');
    await listsLoaded();
    expect(screen.getByRole('img', { name: 'Palace Lawns cover' })).toHaveAttribute('loading', 'lazy');
    const latestImage = screen.getByRole('img', { name: 'DJ Nights cover' });
    expect(latestImage).toHaveAttribute('loading', 'lazy');
    expect(latestImage).toHaveAttribute('decoding', 'async');
    // the page's largest picture is the first cover, and only it is asked for first
    expect(screen.getAllByRole('img').filter((img) => img.getAttribute('fetchpriority') === 'high')).toEqual([firstImage]);
  });

  it('offers each cover as AVIF, else WebP, at every width, with a rail card\'s sizes', async () => {
    renderRoute('/');
    await listsLoaded();
    const [first] = POPULAR;
    const { id } = first!.images.mainImage;
    expect(offered(screen.getByRole('img', { name: 'Lens & Light Studio cover' }))).toEqual({
      avif: { type: 'image/avif', srcset: serviceImageSrcSet(id, 'avif'), sizes: '240px' },
      webp: { src: `/media/services/${id}-480.webp`, srcset: serviceImageSrcSet(id, 'webp'), sizes: '240px' },
    });
    expect(serviceImageSrcSet(id, 'avif')).toBe(
      [240, 360, 480, 720, 960].map((width) => `/media/services/${id}-${width}.avif ${width}w`).join(', '),
    );
  });

  it('shows skeletons while a list loads', async () => {
    popular.mockReturnValue(new Promise(() => {}));
    renderRoute('/');
    await within(region('Recently Added')).findAllByRole('article');
    expect(region('Recommended For You')).toHaveAttribute('aria-busy', 'true');
    expect(within(region('Recommended For You')).queryAllByRole('article')).toHaveLength(0);
    expect(region('Recently Added')).toHaveAttribute('aria-busy', 'false');
  });

  it("says 'Failed to fetch services' when a list fails, and Retry loads it again", async () => {
    popular.mockRejectedValueOnce(new Error('Server responded with 500'));
    const user = userEvent.setup();
    renderRoute('/');

    const recommended = region('Recommended For You');
    const retry = await within(recommended).findByRole('button', { name: 'Retry' });
    expect(toastError).toHaveBeenCalledWith('Failed to fetch services', { dedupe: true });
    expect(within(recommended).queryAllByRole('article')).toHaveLength(0);
    // the other list is unaffected
    await waitFor(() => expect(within(region('Recently Added')).getAllByRole('article')).toHaveLength(2));

    await user.click(retry);
    expect(popular).toHaveBeenCalledTimes(2);
    expect(await within(recommended).findAllByRole('article')).toHaveLength(4);
  });
});

describe('Home preload (run by the host at boot)', () => {
  it('asks for both lists once; the page shows those answers without asking again', async () => {
    clearImagePreloads();
    const { preload } = await import('../src/pages/Home');
    preload({ params: {}, search: new URLSearchParams() });
    expect(popular).toHaveBeenCalledTimes(1);
    expect(popular).toHaveBeenCalledWith(4, expect.any(AbortSignal), undefined);
    expect(latest).toHaveBeenCalledTimes(1);
    // only Recommended is above the fold: its first two covers start loading with the answer, at a rail card's width
    await waitFor(() => expect(imagePreloads()).toEqual(POPULAR.slice(0, 2).map((service) => `${serviceImageSrcSet(service.images.mainImage.id, 'avif')} @ 240px`)));
    renderRoute('/');
    await listsLoaded();
    expect(within(region('Recommended For You')).getAllByRole('article')).toHaveLength(POPULAR.length);
    expect(popular).toHaveBeenCalledTimes(1);
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('asks for Recommended once the profile check has completed, from its choice', async () => {
    utsavStore.set(sessionAtom, { status: 'signedIn', uid: 'u1', phone: '+919800000001', profile: { status: 'checking' } });
    const { preload } = await import('../src/pages/Home');
    preload({ params: {}, search: new URLSearchParams() });
    expect(latest).toHaveBeenCalledTimes(1);
    expect(popular).not.toHaveBeenCalled();
    act(() => signedIn('Tutoring'));
    expect(popular).toHaveBeenCalledTimes(1);
    expect(popular).toHaveBeenCalledWith(4, expect.any(AbortSignal), 'Tutoring');
    renderRoute('/');
    await listsLoaded();
    expect(popular).toHaveBeenCalledTimes(1);
    expect(latest).toHaveBeenCalledTimes(1);
  });
});
