import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@utsav/contracts';
import { getLatestServices, getPopularServices, searchServices } from '@utsav/contracts/catalog';
import type { ServiceSearchResponse } from '@utsav/contracts/schemas';
import { serviceImageSrcSet } from '@utsav/contracts/service-images';
import { deferred, searchPage, searchResult } from './support/fixtures';
import { clearImagePreloads, imagePreloads, offered } from './support/pictures';
import { currentLocation, renderRoute } from './support/render';

// every catalog call becomes a jest.fn (automock)
jest.mock('@utsav/contracts/catalog');

const search = jest.mocked(searchServices);
let toastError: jest.SpyInstance;

const WEDDING = [
  searchResult('s1', 'Lens & Light Studio', { price: 2_500_000, rating: 4.5 }),
  searchResult('s2', 'Shaadi Snaps', { price: 10_000_000, rating: null, location: { city: 'Pune', state: 'Maharashtra' } }),
];

function setup(url: string | string[] = '/services') {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(url);
  return user;
}

const box = () => screen.getByRole('searchbox', { name: 'Search services' });
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const cards = () => screen.queryAllByRole('article');
// eslint-disable-next-line testing-library/no-unnecessary-act -- lets the mocked API's already-resolved answers land inside act, so the next lines can also check what did not happen (no further call); there is no new UI to wait for
const settle = () => act(async () => {});
const chip = (name: string) => within(screen.getByRole('list', { name: 'Categories' })).getByRole('button', { name });

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  search.mockResolvedValue(searchPage(WEDDING));
  window.scrollTo = jest.fn();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Search', () => {
  it('starts with an empty box and lists the catalog, most popular first', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(box()).toHaveAttribute('placeholder', 'Search services...');
    expect(box()).toHaveValue('');
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toEqual({ q: undefined, sort: 'popular', limit: 20, offset: 0 });
    await settle();
    expect(cards()).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('2 services');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popular');
  });

  it('waits 400 ms after the last keystroke, then searches once, by relevance', async () => {
    const user = setup();
    await settle();
    search.mockClear();
    await user.type(box(), 'wedding');
    expect(search).not.toHaveBeenCalled();
    await advance(399);
    expect(search).not.toHaveBeenCalled();
    await advance(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ q: 'wedding', sort: 'relevance', offset: 0 }), expect.any(AbortSignal));
    await settle();
    expect(cards()).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await advance(2000);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('trims the text, and trailing spaces make no new call', async () => {
    const user = setup();
    await settle();
    search.mockClear();
    await user.type(box(), '  candid  ');
    await advance(400);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toMatchObject({ q: 'candid' });
    expect(currentLocation()).toBe('/services?q=candid');
    await user.type(box(), '   ');
    await advance(400);
    expect(search).toHaveBeenCalledTimes(1);
    await settle();
  });

  it('shows the results as cards linking to each service, with city, starting price and rating', async () => {
    const user = setup();
    await user.type(box(), 'wedding');
    await advance(400);
    await settle();

    const first = screen.getByRole('link', { name: /^Lens & Light Studio/ });
    expect(first).toHaveAttribute('href', '/service/s1');
    expect(first).toHaveAccessibleName(/^Lens & Light Studio Mumbai From ₹25,000.00 Rated 4.5/);
    expect(first).toHaveTextContent('Mumbai');
    expect(first).toHaveTextContent('From ₹25,000.00');
    expect(first).toHaveTextContent('4.5');
    const second = screen.getByRole('link', { name: /Shaadi Snaps/ });
    expect(second).toHaveAttribute('href', '/service/s2');
    expect(second).toHaveTextContent('Pune');
    expect(second).toHaveTextContent('From ₹1,00,000.00');
    expect(second).toHaveTextContent('New');
    expect(within(first).getByRole('img', { name: 'Lens & Light Studio cover' })).toHaveAttribute('width', '1200');
    // the first card's cover is the page's largest picture: asked for first; the next above the fold at once
    expect(within(first).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    expect(within(second).getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(within(second).getByRole('img')).not.toHaveAttribute('fetchpriority');
    expect(screen.getByRole('status')).toHaveTextContent('2 services');
  });

  it('draws each cover as a <picture>: AVIF, else WebP, every width with a results card\'s sizes, in its reserved box; the first asked for first, the rest of the fold at once, the others lazily', async () => {
    const results = ['Lens & Light Studio', 'Shaadi Snaps', 'Glow Studio', 'Palace Lawns'].map((title, i) => searchResult(`s${i + 1}`, title));
    search.mockResolvedValue(searchPage(results));
    setup('/services?q=wedding');
    await settle();
    const covers = results.map((result) => screen.getByRole('img', { name: `${result.title} cover` }));
    covers.forEach((cover, i) => {
      const { id, width, height } = results[i]!.mainImage;
      expect(offered(cover)).toEqual({
        avif: { type: 'image/avif', srcset: serviceImageSrcSet(id, 'avif'), sizes: '(min-width: 600px) 300px, calc(50vw - 22px)' },
        webp: { src: `/media/services/${id}-480.webp`, srcset: serviceImageSrcSet(id, 'webp'), sizes: '(min-width: 600px) 300px, calc(50vw - 22px)' },
      });
      expect(cover).toHaveAttribute('width', String(width));
      expect(cover).toHaveAttribute('height', String(height));
    });
    expect(covers[0]).toHaveAttribute('fetchpriority', 'high');
    expect(covers[0]).toHaveAttribute('loading', 'eager');
    expect(covers[1]).toHaveAttribute('loading', 'eager');
    for (const cover of covers.slice(1)) expect(cover).not.toHaveAttribute('fetchpriority');
    for (const cover of covers.slice(2)) expect(cover).toHaveAttribute('loading', 'lazy');
  });

  it('lists the catalog again at once when the text is emptied (spec: an empty query makes no search call)', async () => {
    const user = setup('/services?q=wedding');
    await settle();
    expect(search).toHaveBeenCalledTimes(1);
    expect(cards()).toHaveLength(2);

    await user.clear(box());
    expect(currentLocation()).toBe('/services');
    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[1]?.[0]).toMatchObject({ q: undefined, sort: 'popular' });
    await advance(1000);
    expect(search).toHaveBeenCalledTimes(2);
    await settle();
  });

  it('says exactly No services found matching "{query}" when nothing matches', async () => {
    const user = setup();
    await settle();
    search.mockResolvedValue(searchPage([]));
    await user.type(box(), ' zzz ');
    await advance(400);
    await settle();
    expect(screen.getByText('No services found matching "zzz"')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it('keeps the query in the URL by replacing the entry, so Back leaves the page and a reload restores it', async () => {
    jest.mocked(getPopularServices).mockResolvedValue({ results: [] });
    jest.mocked(getLatestServices).mockResolvedValue({ results: [] });
    const user = setup(['/', '/services']);
    await user.type(box(), 'mehendi');
    await advance(400);
    expect(currentLocation()).toBe('/services?q=mehendi');
    await settle();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(currentLocation()).toBe('/');
    await settle();
  });

  it('refills the box when Back returns to an earlier search', async () => {
    const user = setup(['/services?q=mehendi', '/services?q=catering']);
    expect(box()).toHaveValue('catering');
    await settle();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(currentLocation()).toBe('/services?q=mehendi');
    expect(box()).toHaveValue('mehendi');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'mehendi' }), expect.any(AbortSignal));
    await advance(1000);
    expect(currentLocation()).toBe('/services?q=mehendi');
    await settle();
  });

  it('restores the search from the URL', async () => {
    setup('/services?q=mehendi');
    expect(box()).toHaveValue('mehendi');
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ q: 'mehendi' }), expect.any(AbortSignal));
    await settle();
    expect(cards()).toHaveLength(2);
  });

  it('applies the category parameter as the pressed chip, keeps it with text, and "All" removes it', async () => {
    const user = setup('/services?category=Photography');
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toMatchObject({ category: 'Photography', q: undefined });
    expect(chip('Photography')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('All')).toHaveAttribute('aria-pressed', 'false');
    await settle();
    expect(cards()).toHaveLength(2);

    await user.type(box(), 'candid');
    await advance(400);
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'candid', category: 'Photography' }), expect.any(AbortSignal));
    expect(currentLocation()).toBe('/services?q=candid&category=Photography');
    await settle();

    await user.click(chip('All'));
    expect(currentLocation()).toBe('/services?q=candid');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'candid', category: undefined }), expect.any(AbortSignal));
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
    await settle();
  });

  it('ignores what the address holds that it cannot use, and lists the catalog', async () => {
    setup('/services?category=Astrology&city=Atlantis&sort=cheapest&minPrice=-5&maxPrice=abc&page=0');
    expect(search.mock.calls[0]?.[0]).toEqual({ q: undefined, sort: 'popular', limit: 20, offset: 0 });
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
    await settle();
  });

  it('never lets a slower, older answer overwrite a newer one', async () => {
    const older = deferred<ServiceSearchResponse>();
    const newer = deferred<ServiceSearchResponse>();
    const user = setup();
    await settle();
    search.mockClear();
    search.mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);

    await user.type(box(), 'wed');
    await advance(400);
    await user.type(box(), 'ding');
    await advance(400);
    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[0]?.[1]?.aborted).toBe(true);
    expect(search.mock.calls[1]?.[1]?.aborted).toBe(false);

    await act(async () => newer.resolve(searchPage([searchResult('n1', 'Newer Result')])));
    await act(async () => older.resolve(searchPage([searchResult('o1', 'Older Result')])));
    expect(screen.getByRole('link', { name: /Newer Result/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Older Result/ })).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch services' on an error and shows no results", async () => {
    const user = setup();
    await settle();
    search.mockRejectedValueOnce(new Error('Server responded with 500'));
    await user.type(box(), 'wedding');
    await advance(400);
    await settle();
    expect(toastError).toHaveBeenCalledWith('Failed to fetch services', { dedupe: true });
    expect(cards()).toHaveLength(0);
    expect(screen.queryByText(/No services found/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(cards()).toHaveLength(2);
  });

  it('pages with Previous and Next links (page in the address, 20 a page); Back returns to the page before', async () => {
    search.mockResolvedValue(searchPage(WEDDING, 45));
    const user = setup('/services?q=studio&sort=newest');
    await settle();
    const pages = () => screen.getByRole('navigation', { name: 'Pages' });
    expect(pages()).toHaveTextContent('Page 1 of 3');
    expect(within(pages()).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(within(pages()).getByRole('link', { name: 'Next' }));
    expect(currentLocation()).toBe('/services?q=studio&sort=newest&page=2');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'studio', sort: 'newest', offset: 20 }), expect.any(AbortSignal));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await settle();
    expect(pages()).toHaveTextContent('Page 2 of 3');
    await user.click(within(pages()).getByRole('link', { name: 'Next' }));
    await settle();
    expect(pages()).toHaveTextContent('Page 3 of 3');
    expect(within(pages()).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(pages()).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/services?q=studio&sort=newest&page=2');

    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(currentLocation()).toBe('/services?q=studio&sort=newest&page=2');
    await settle();
    // a new filter starts again from page 1
    await user.click(chip('Makeup'));
    expect(currentLocation()).toBe('/services?q=studio&category=Makeup&sort=newest');
    await settle();
  });

  it('offers no pages when everything is on one', async () => {
    setup('/services?q=studio');
    await settle();
    expect(cards()).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});

describe('Browse controls: every one lives in the address', () => {
  const select = (name: string) => screen.getByRole('combobox', { name });

  it('offers all 11 categories as chips, 14 cities, and the sorts (relevance only with words)', async () => {
    setup();
    await settle();
    const chips = within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('button');
    expect(chips.map((each) => each.textContent)).toEqual([
      'All', 'Photography', 'Catering', 'Makeup', 'Venues', 'Haircut', 'Massage', 'Facial', 'Manicure/Pedicure',
      'Personal Training', 'Tutoring', 'Wedding Planning',
    ]);
    const cities = within(select('City')).getAllByRole('option').map((option) => option.textContent);
    expect(cities).toHaveLength(15);
    expect(cities.slice(0, 3)).toEqual(['All cities', 'Mumbai', 'Delhi']);
    const sorts = () => within(select('Sort by')).getAllByRole('option').map((option) => option.textContent);
    expect(sorts()).toEqual(['Most popular', 'Newest', 'Lowest price', 'Highest price', 'Top rated']);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(box(), 'candid');
    await advance(400);
    expect(sorts()[0]).toBe('Relevance');
    await settle();
  });

  it('a category, a city, a sort and a price range: each a new address and a call in paise; Back undoes each in turn', async () => {
    const user = setup();
    await settle();
    await user.click(chip('Catering'));
    expect(currentLocation()).toBe('/services?category=Catering');
    await user.selectOptions(select('City'), 'Jaipur');
    expect(currentLocation()).toBe('/services?category=Catering&city=Jaipur');
    await user.selectOptions(select('Sort by'), 'price_asc');
    expect(currentLocation()).toBe('/services?category=Catering&city=Jaipur&sort=price_asc');
    await user.type(screen.getByRole('textbox', { name: 'Min price' }), '40,000');
    await user.type(screen.getByRole('textbox', { name: 'Max price' }), '250000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(currentLocation()).toBe('/services?category=Catering&city=Jaipur&sort=price_asc&minPrice=40000&maxPrice=250000');
    expect(search).toHaveBeenLastCalledWith(
      { q: undefined, category: 'Catering', city: 'Jaipur', sort: 'price_asc', minPrice: 4_000_000, maxPrice: 25_000_000, limit: 20, offset: 0 },
      expect.any(AbortSignal),
    );
    await settle();

    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(currentLocation()).toBe('/services?category=Catering&city=Jaipur&sort=price_asc');
    expect(screen.getByRole('textbox', { name: 'Min price' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(select('Sort by')).toHaveValue('popular');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(select('City')).toHaveValue('');
    expect(chip('Catering')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(currentLocation()).toBe('/services');
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
    await settle();
  });

  it('restores every control from a shared address', async () => {
    setup('/services?q=mehendi&category=Makeup&city=pune&sort=rating&minPrice=5000&page=2');
    expect(box()).toHaveValue('mehendi');
    expect(chip('Makeup')).toHaveAttribute('aria-pressed', 'true');
    expect(select('City')).toHaveValue('Pune');
    expect(select('Sort by')).toHaveValue('rating');
    expect(screen.getByRole('textbox', { name: 'Min price' })).toHaveValue('5000');
    expect(screen.getByRole('textbox', { name: 'Max price' })).toHaveValue('');
    expect(search.mock.calls[0]?.[0]).toEqual({
      q: 'mehendi', category: 'Makeup', city: 'Pune', sort: 'rating', minPrice: 500_000, maxPrice: undefined, limit: 20, offset: 20,
    });
    await settle();
  });

  it('says so when the minimum is above the maximum, and changes nothing', async () => {
    const user = setup();
    await settle();
    await user.type(screen.getByRole('textbox', { name: 'Min price' }), '9000');
    await user.type(screen.getByRole('textbox', { name: 'Max price' }), '500');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum price must not be more than the maximum.');
    expect(currentLocation()).toBe('/services');
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('Clear filters removes the category, city and price range, and keeps the words and the sort', async () => {
    search.mockResolvedValue(searchPage([]));
    const user = setup('/services?q=cake&category=Catering&city=Goa&sort=newest&maxPrice=900');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('No services found matching "cake"');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentLocation()).toBe('/services?q=cake&sort=newest');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await settle();
  });
});

describe('Search preload (run by the host at boot)', () => {
  it('asks for the first page of the address’s search once; the page shows that answer without asking again', async () => {
    // pictures of their own: React preloads a picture once (another test here preloads WEDDING's)
    const results = [searchResult('s1', 'First Frame'), searchResult('s2', 'Second Frame'), searchResult('s3', 'Third Frame')];
    search.mockResolvedValueOnce(searchPage(results));
    clearImagePreloads();
    const { preload } = await import('../src/pages/Search');
    preload({ params: {}, search: new URLSearchParams('q=%20wedding%20&category=Photography') });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toMatchObject({ q: 'wedding', category: 'Photography', offset: 0 });
    await settle();
    // the covers of the two cards above the fold start loading with the answer, before any render
    expect(imagePreloads()).toEqual(results.slice(0, 2).map((service) => `${serviceImageSrcSet(service.mainImage.id, 'avif')} @ (min-width: 600px) 300px, calc(50vw - 22px)`));
    setup('/services?q=wedding&category=Photography');
    await settle();
    expect(cards()).toHaveLength(3);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('asks for the catalog’s first page when the address holds no search, with the filters it holds', async () => {
    const { preload } = await import('../src/pages/Search');
    preload({ params: {}, search: new URLSearchParams('') });
    expect(search).toHaveBeenCalledWith({ q: undefined, sort: 'popular', limit: 20, offset: 0 }, expect.any(AbortSignal));
    preload({ params: {}, search: new URLSearchParams('city=pune&sort=price_asc&minPrice=500&maxPrice=2500&page=2') });
    expect(search).toHaveBeenLastCalledWith(
      { q: undefined, city: 'Pune', sort: 'price_asc', minPrice: 50_000, maxPrice: 250_000, limit: 20, offset: 20 },
      expect.any(AbortSignal),
    );
    await settle();
  });
});

describe('Search offline (issue 39)', () => {
  const onLine = jest.spyOn(window.navigator, 'onLine', 'get');
  afterEach(() => onLine.mockReturnValue(true));

  it('a list that failed while offline is asked for again by itself when the browser is back online', async () => {
    onLine.mockReturnValue(false);
    search.mockReset();
    search.mockRejectedValueOnce(new ApiError(0, "You're offline.")).mockResolvedValue(searchPage(WEDDING));
    // an address of its own: no answer another test preloaded stands in for the call
    setup('/services?q=offline%20retry');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent("Couldn't load services.");
    expect(cards()).toHaveLength(0);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(search).toHaveBeenCalledTimes(2);
    expect(cards()).toHaveLength(2);
    expect(screen.queryByText("Couldn't load services.")).not.toBeInTheDocument();
  });
});
