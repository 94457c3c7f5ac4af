import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@utsav/contracts';
import { getService, getServiceReviews } from '@utsav/contracts/catalog';
import { serviceImageSrcSet } from '@utsav/contracts/service-images';
import { service } from './support/fixtures';
import { clearImagePreloads, imagePreloads, offered } from './support/pictures';
import { currentLocation, renderRoute } from './support/render';

// every catalog call becomes a jest.fn (automock)
jest.mock('@utsav/contracts/catalog');

const load = jest.mocked(getService);
let toastError: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  load.mockResolvedValue(service());
  jest.mocked(getServiceReviews).mockResolvedValue({ results: [], total: 0, limit: 10, offset: 0 });
});

async function renderLoaded(url = '/service/s1') {
  const user = userEvent.setup();
  renderRoute(url);
  await screen.findByRole('heading', { level: 1, name: 'Lens & Light Studio' });
  return user;
}

const viewport = () => screen.getByTestId('carousel-viewport');
/** the picture on show: the others are hidden from the accessibility tree */
const shownImage = () => within(screen.getByRole('region', { name: 'Photos of Lens & Light Studio' })).getByRole('img');

function touchSwipe(fromX: number, toX: number) {
  fireEvent.touchStart(viewport(), { touches: [{ clientX: fromX, clientY: 100 }] });
  fireEvent.touchEnd(viewport(), { changedTouches: [{ clientX: toX, clientY: 104 }] });
}

/** jsdom has no PointerEvent: a MouseEvent of the pointer type carries clientX the same way. */
function pointer(type: 'pointerdown' | 'pointerup', clientX: number, pointerType = 'mouse') {
  const event = new MouseEvent(type, { bubbles: true, clientX, clientY: 100, button: 0 });
  Object.assign(event, { pointerId: 1, pointerType });
  fireEvent(viewport(), event);
}

describe('Service detail', () => {
  it("shows 'Loading...' while the service loads", () => {
    load.mockReturnValue(new Promise(() => {}));
    renderRoute('/service/s1');
    expect(screen.getByRole('heading', { level: 1, name: 'Loading...' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('s1', expect.any(AbortSignal));
  });

  it('shows the main image first, eagerly, then the work samples, with a dot per picture', async () => {
    await renderLoaded();
    const main = shownImage();
    expect(main).toHaveAccessibleName('Main photo');
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('width', '1200');
    expect(main).toHaveAttribute('height', '900');
    const { id } = service().images.mainImage;
    const sizes = '(min-width: 960px) 912px, calc(100vw - 32px)';
    expect(offered(main)).toEqual({
      avif: { type: 'image/avif', srcset: serviceImageSrcSet(id, 'avif'), sizes },
      webp: { src: `/media/services/${id}-480.webp`, srcset: serviceImageSrcSet(id, 'webp'), sizes },
    });
    // the work samples wait until someone looks: lazy, and never first
    const samples = within(screen.getByRole('region', { name: 'Photos of Lens & Light Studio' })).getAllByRole('img', { hidden: true }).slice(1);
    for (const sample of samples) {
      expect(sample).toHaveAttribute('loading', 'lazy');
      expect(sample).not.toHaveAttribute('fetchpriority');
    }

    const dots = screen.getAllByRole('button', { name: /^Show image \d of 3$/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(dots[1]).not.toHaveAttribute('aria-current');
  });

  it('issue 39: draws each work sample as its own picture, with its own words', async () => {
    await renderLoaded();
    const pictures = within(screen.getByRole('region', { name: 'Photos of Lens & Light Studio' })).getAllByRole('img', { hidden: true });
    expect(pictures.map((picture) => picture.getAttribute('alt'))).toEqual(['Main photo', 'Sample one', 'Sample two']);
    expect(new Set(pictures.map((picture) => picture.getAttribute('src'))).size).toBe(3);
  });

  it('changes the picture on a touch swipe of at least 50 px, left for next and right for previous', async () => {
    await renderLoaded();
    touchSwipe(200, 150);
    expect(shownImage()).toHaveAccessibleName('Sample one');
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute('aria-current', 'true');
    touchSwipe(100, 180);
    expect(shownImage()).toHaveAccessibleName('Main photo');
  });

  it('ignores a touch swipe shorter than 50 px', async () => {
    await renderLoaded();
    touchSwipe(200, 151);
    expect(shownImage()).toHaveAccessibleName('Main photo');
    touchSwipe(200, 249);
    expect(shownImage()).toHaveAccessibleName('Main photo');
  });

  it('takes a mostly vertical gesture for a scroll, not a swipe', async () => {
    await renderLoaded();
    fireEvent.touchStart(viewport(), { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(viewport(), { changedTouches: [{ clientX: 140, clientY: 300 }] });
    expect(shownImage()).toHaveAccessibleName('Main photo');
  });

  it('stops at the ends when swiping', async () => {
    await renderLoaded();
    touchSwipe(100, 200);
    expect(shownImage()).toHaveAccessibleName('Main photo');
    touchSwipe(300, 100);
    touchSwipe(300, 100);
    touchSwipe(300, 100);
    expect(shownImage()).toHaveAccessibleName('Sample two');
  });

  it('swipes with a mouse or pen through pointer events, at the same 50 px threshold', async () => {
    await renderLoaded();
    pointer('pointerdown', 300);
    pointer('pointerup', 251);
    expect(shownImage()).toHaveAccessibleName('Main photo');
    pointer('pointerdown', 300);
    pointer('pointerup', 250);
    expect(shownImage()).toHaveAccessibleName('Sample one');
    pointer('pointerdown', 250);
    pointer('pointerup', 300);
    expect(shownImage()).toHaveAccessibleName('Main photo');
  });

  it('counts a touch gesture once, though the browser also sends pointer events for it', async () => {
    await renderLoaded();
    pointer('pointerdown', 300, 'touch');
    fireEvent.touchStart(viewport(), { touches: [{ clientX: 300, clientY: 100 }] });
    pointer('pointerup', 200, 'touch');
    fireEvent.touchEnd(viewport(), { changedTouches: [{ clientX: 200, clientY: 100 }] });
    expect(shownImage()).toHaveAccessibleName('Sample one');
  });

  it('moves with the dots and the previous/next buttons', async () => {
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(shownImage()).toHaveAccessibleName('Sample two');
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shownImage()).toHaveAccessibleName('Sample one');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownImage()).toHaveAccessibleName('Main photo');
  });

  it('moves with the arrow keys from within the carousel', async () => {
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Show image 1 of 3' }));
    await user.keyboard('{ArrowRight}');
    expect(shownImage()).toHaveAccessibleName('Sample one');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownImage()).toHaveAccessibleName('Sample two');
  });

  it('has no dots or arrows for a single picture', async () => {
    load.mockResolvedValue(service({ images: { mainImage: service().images.mainImage, workSamples: [] } }));
    await renderLoaded();
    expect(shownImage()).toHaveAccessibleName('Main photo');
    expect(screen.queryByRole('button', { name: /Show image/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
  });

  it('shows the average rating and the review count', async () => {
    await renderLoaded();
    expect(screen.getByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('(12 reviews)')).toBeInTheDocument();
  });

  it("shows 'N/A' when nobody has rated the service", async () => {
    load.mockResolvedValue(service({ averageRating: null, reviewCount: 0 }));
    await renderLoaded();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('(0 reviews)')).toBeInTheDocument();
  });

  it('has Details, Reviews and Provider tabs with their content', async () => {
    const user = await renderLoaded();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Details', 'Reviews', 'Provider']);
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');

    const details = screen.getByRole('tabpanel', { name: 'Details' });
    expect(details).toHaveTextContent('Candid and traditional wedding photography.');
    expect(details).toHaveTextContent('CategoryPhotography');
    expect(details).toHaveTextContent('LocationMumbai, Maharashtra');
    expect(details).toHaveTextContent('CurrencyINR');
    expect(details).toHaveTextContent('Price₹25,000.00');

    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    // a service nobody has reviewed yet (the Reviews tab's own tests: service-reviews.test.tsx)
    expect(await within(screen.getByRole('tabpanel', { name: 'Reviews' })).findByText('No reviews available.')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Reviews' })).toHaveTextContent(/^No reviews available\.$/);

    await user.click(screen.getByRole('tab', { name: 'Provider' }));
    const provider = screen.getByRole('tabpanel', { name: 'Provider' });
    expect(provider).toHaveTextContent(/^LocationMumbai, Maharashtra$/);
  });

  it("links 'View Menus' to the package list", async () => {
    const user = await renderLoaded();
    const viewMenus = screen.getByRole('link', { name: 'View Menus' });
    expect(viewMenus).toHaveAttribute('href', '/service/s1/menu');
    load.mockReturnValue(new Promise(() => {}));
    await user.click(viewMenus);
    expect(currentLocation()).toBe('/service/s1/menu');
  });

  it("shows 'Error loading service.' and says 'Failed to load service details' when loading fails; Retry tries again", async () => {
    load.mockRejectedValueOnce(new ApiError(500, 'Server responded with 500'));
    const user = userEvent.setup();
    renderRoute('/service/s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error loading service.' })).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Failed to load service details', { dedupe: true });
    expect(toastError).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lens & Light Studio' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("issue 39: an unknown service is 'Service not found' on the page too (not 'Error loading service.'), with a way to Search", async () => {
    load.mockRejectedValue(new ApiError(404, 'Service not found'));
    renderRoute('/service/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service not found' })).toBeInTheDocument();
    expect(screen.getByText('This service may have been removed, or the link may be mistyped.')).toBeInTheDocument();
    expect(screen.queryByText('Error loading service.')).not.toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Service not found', { dedupe: true });
    expect(toastError.mock.calls.map(([message]) => message)).not.toContain('Failed to load service details');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
  });

  it('loads the other service when the route changes, cancelling the first', async () => {
    load.mockReset();
    let firstSignal: AbortSignal | undefined;
    load.mockImplementationOnce((_id, signal) => {
      firstSignal = signal;
      return new Promise(() => {});
    });
    load.mockResolvedValueOnce(service({ serviceId: 's2', title: 'Other Studio' }));
    renderRoute(['/service/s2', '/service/s1']);
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Other Studio' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('s2', expect.any(AbortSignal));
    expect(firstSignal?.aborted).toBe(true);
  });
});

describe('Service detail preload (run by the host at boot)', () => {
  it('asks for the service once, starts its main picture loading, and the page shows that answer without asking again', async () => {
    clearImagePreloads();
    const { preload } = await import('../src/pages/ServiceDetail');
    preload({ params: { serviceId: 's1' }, search: new URLSearchParams() });
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(imagePreloads()).toEqual([`${serviceImageSrcSet(service().images.mainImage.id, 'avif')} @ (min-width: 960px) 912px, calc(100vw - 32px)`]),
    );
    await renderLoaded();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('Share (issue 20: a service can be shared)', () => {
  const shareName = { name: 'Share this service' };
  const link = 'http://localhost/service/s1';
  let toastSuccess: jest.SpyInstance;
  const writeText = jest.fn(async (_text: string) => undefined);

  beforeEach(() => {
    toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
    writeText.mockClear();
  });
  /** the page loaded, with the clipboard stood in (after user-event's setup, which puts its own there) */
  async function renderWithClipboard() {
    const user = await renderLoaded();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    return user;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it("opens the phone's share sheet with the service's title and link, where there is one", async () => {
    const share = jest.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = await renderWithClipboard();
    await user.click(screen.getByRole('button', shareName));
    expect(share).toHaveBeenCalledWith({ title: 'Lens & Light Studio', url: link });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('closing the share sheet is not an error: nothing is copied, nothing is said', async () => {
    const share = jest.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = await renderWithClipboard();
    await user.click(screen.getByRole('button', shareName));
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    const user = await renderWithClipboard();
    await user.click(screen.getByRole('button', shareName));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(toastSuccess).toHaveBeenCalledWith('Link copied');
  });

  it('shows the link when it cannot be copied', async () => {
    writeText.mockRejectedValueOnce(new Error('denied'));
    const user = await renderWithClipboard();
    await user.click(screen.getByRole('button', shareName));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(`Couldn't copy the link. It is ${link}`));
  });
});
