import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@utsav/contracts';
import { getLatestServices, getPopularServices, searchServices } from '@utsav/contracts/catalog';
import type { ServiceSearchResponse } from '@utsav/contracts/schemas';
import { deferred, searchPage, searchResult } from './support/fixtures';
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
const settle = () => act(async () => {});

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  search.mockResolvedValue(searchPage(WEDDING));
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Search', () => {
  it("starts with an empty box, the prompt 'Search for services above' and no call", () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(box()).toHaveAttribute('placeholder', 'Search services...');
    expect(box()).toHaveValue('');
    expect(screen.getByText('Search for services above')).toBeInTheDocument();
    expect(search).not.toHaveBeenCalled();
  });

  it('waits 400 ms after the last keystroke, then searches once', async () => {
    const user = setup();
    await user.type(box(), 'wedding');
    expect(search).not.toHaveBeenCalled();
    await advance(399);
    expect(search).not.toHaveBeenCalled();
    await advance(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ q: 'wedding', offset: 0 }), expect.any(AbortSignal));
    await settle();
    expect(cards()).toHaveLength(2);
    await advance(2000);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('trims the text, and trailing spaces make no new call', async () => {
    const user = setup();
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
    expect(screen.getByRole('status')).toHaveTextContent('2 services');
  });

  it('clears the results at once and without a call when the text is emptied', async () => {
    const user = setup('/services?q=wedding');
    await settle();
    expect(search).toHaveBeenCalledTimes(1);
    expect(cards()).toHaveLength(2);

    await user.clear(box());
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('Search for services above')).toBeInTheDocument();
    expect(currentLocation()).toBe('/services');
    await advance(1000);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('says exactly No services found matching "{query}" when nothing matches', async () => {
    search.mockResolvedValue(searchPage([]));
    const user = setup();
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

  it('applies the category parameter as a removable filter and lists that category without text', async () => {
    const user = setup('/services?category=Photography');
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toMatchObject({ category: 'Photography', q: undefined });
    await settle();
    expect(cards()).toHaveLength(2);

    await user.type(box(), 'candid');
    await advance(400);
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'candid', category: 'Photography' }), expect.any(AbortSignal));
    expect(currentLocation()).toBe('/services?category=Photography&q=candid');
    await settle();

    await user.click(screen.getByRole('button', { name: 'Photography, remove filter' }));
    expect(currentLocation()).toBe('/services?q=candid');
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'candid', category: undefined }), expect.any(AbortSignal));
    expect(screen.queryByRole('button', { name: /remove filter/ })).not.toBeInTheDocument();
    await settle();
  });

  it('ignores an unknown category', () => {
    setup('/services?category=Astrology');
    expect(search).not.toHaveBeenCalled();
    expect(screen.getByText('Search for services above')).toBeInTheDocument();
  });

  it('never lets a slower, older answer overwrite a newer one', async () => {
    const older = deferred<ServiceSearchResponse>();
    const newer = deferred<ServiceSearchResponse>();
    search.mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const user = setup();

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
    search.mockRejectedValueOnce(new Error('Server responded with 500'));
    const user = setup();
    await user.type(box(), 'wedding');
    await advance(400);
    await settle();
    expect(toastError).toHaveBeenCalledWith('Failed to fetch services');
    expect(cards()).toHaveLength(0);
    expect(screen.queryByText(/No services found/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(cards()).toHaveLength(2);
  });

  it("pages with 'Load more' by offset while there are more than shown", async () => {
    search
      .mockResolvedValueOnce(searchPage(WEDDING, 3))
      .mockResolvedValueOnce(searchPage([searchResult('s3', 'Third Studio')], 3, 2));
    const user = setup('/services?q=studio');
    await settle();
    expect(cards()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'studio', offset: 2 }), expect.any(AbortSignal));
    await settle();
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Third Studio/ })).toHaveAttribute('href', '/service/s3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers no Load more when everything is shown', async () => {
    setup('/services?q=studio');
    await settle();
    expect(cards()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('Search preload (run by the host at boot)', () => {
  it('asks for the first page of the address’s search once; the page shows that answer without asking again', async () => {
    const results = [...WEDDING, searchResult('s3', 'Third Frame')];
    search.mockResolvedValueOnce(searchPage(results));
    const fetched = jest.spyOn(HTMLImageElement.prototype, 'src', 'set');
    const { preload } = await import('../src/pages/Search');
    preload({ params: {}, search: new URLSearchParams('q=%20wedding%20&category=Photography') });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toMatchObject({ q: 'wedding', category: 'Photography', offset: 0 });
    await settle();
    // the covers of the two cards above the fold start loading with the answer, before any render
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(results.slice(0, 2).map((service) => service.mainImage.url));
    fetched.mockRestore();
    setup('/services?q=wedding&category=Photography');
    await settle();
    expect(cards()).toHaveLength(3);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing when the address holds no search', async () => {
    const { preload } = await import('../src/pages/Search');
    preload({ params: {}, search: new URLSearchParams('') });
    expect(search).not.toHaveBeenCalled();
  });
});
