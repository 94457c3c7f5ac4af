import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, changeLocale, INTERACTIVE, sessionAtom, toast, utsavStore, type Session } from '@utsav/contracts';
import { getLatestServices, getPopularServices, getService, getServiceReviews } from '@utsav/contracts/catalog';
import { getShortlist, removeFromShortlist, saveToShortlist } from '@utsav/contracts/plans';
import type { ShortlistEntry } from '@utsav/contracts/schemas';
import { deferred, listItem, service } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

// every catalog call becomes a jest.fn (automock); of the planning calls, those the hearts make
jest.mock('@utsav/contracts/catalog');
jest.mock('@utsav/contracts/plans', () => ({
  ...jest.requireActual('@utsav/contracts/plans'),
  getShortlist: jest.fn(),
  saveToShortlist: jest.fn(),
  removeFromShortlist: jest.fn(),
}));

const list = jest.mocked(getShortlist);
const save = jest.mocked(saveToShortlist);
const remove = jest.mocked(removeFromShortlist);
let toastSuccess: jest.SpyInstance;
let toastError: jest.SpyInstance;

const SIGNED_IN: Session = {
  status: 'signedIn',
  uid: 'u1',
  phone: '+919800000001',
  profile: { status: 'complete', profile: { name: 'Asha', email: 'asha@example.in', service: null } },
};

function entry(serviceId: string, title: string): ShortlistEntry {
  return {
    serviceId,
    eventId: null,
    addedAt: '2026-11-20T10:00:00.000Z',
    service: { title, category: 'Photography', city: 'Mumbai', priceFrom: 2_500_000, rating: 4.2, reviewCount: 12, providerName: 'Asha Studio', image: null },
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  utsavStore.set(sessionAtom, SIGNED_IN);
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  jest.mocked(getPopularServices).mockResolvedValue({ results: [listItem('p1', 'Lens & Light Studio'), listItem('p2', 'Spice Route Caterers')] });
  jest.mocked(getLatestServices).mockResolvedValue({ results: [listItem('l1', 'Mehendi by Meera')] });
  jest.mocked(getService).mockResolvedValue(service());
  jest.mocked(getServiceReviews).mockResolvedValue({ results: [], total: 0, limit: 10, offset: 0 });
  list.mockResolvedValue([]);
  save.mockImplementation((serviceId) => Promise.resolve(entry(serviceId, 'Saved service')));
  remove.mockResolvedValue(undefined);
});

const heart = (title: string, pressed?: boolean) => screen.getByRole('button', { name: `Save ${title} to your shortlist`, pressed });
const findHeart = (title: string, pressed?: boolean) => screen.findByRole('button', { name: `Save ${title} to your shortlist`, pressed });

/** The host's mark that the app has taken the page over (jsdom has no performance marks: the event alone). */
function becomeInteractive() {
  act(() => void document.dispatchEvent(new Event(INTERACTIVE)));
}

/** Home with its cards drawn, then interactive; resolves once the shortlist has been asked for and shown. */
async function homeWithHearts() {
  const user = userEvent.setup();
  renderRoute('/');
  await within(screen.getByRole('region', { name: 'Recently Added' })).findByRole('article');
  await within(screen.getByRole('region', { name: 'Recommended For You' })).findAllByRole('article');
  becomeInteractive();
  await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
  // the hearts' own code and the shortlist's answer have come
  await act(async () => {
    await list.mock.results[0]?.value;
  });
  return user;
}

describe('The shortlist heart on a service card', () => {
  it('sits beside the card’s link, not in it, and a tap on it does not open the service', async () => {
    const user = await homeWithHearts();
    const card = screen.getAllByRole('article').find((article) => within(article).queryByRole('heading', { name: 'Lens & Light Studio' }));
    expect(card).toBeDefined();
    const link = within(card as HTMLElement).getByRole('link', { name: /Lens & Light Studio/ });
    const button = within(card as HTMLElement).getByRole('button', { name: 'Save Lens & Light Studio to your shortlist' });
    expect(within(link).queryByRole('button')).toBeNull();
    await user.click(button);
    expect(await findHeart('Lens & Light Studio', true)).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('fetches nothing before the page is interactive, then the shortlist once for every heart', async () => {
    renderRoute('/');
    await within(screen.getByRole('region', { name: 'Recommended For You' })).findAllByRole('article');
    await screen.findByRole('button', { name: 'Save Mehendi by Meera to your shortlist' });
    expect(heart('Lens & Light Studio')).toHaveAttribute('aria-pressed', 'false');
    expect(list).not.toHaveBeenCalled();

    becomeInteractive();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    await act(async () => {
      await list.mock.results[0]?.value;
    });
    expect(screen.getAllByRole('button', { name: /to your shortlist$/ })).toHaveLength(3);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('saves the service to the shortlist for no event, shows it saved and says so', async () => {
    const user = await homeWithHearts();
    await user.click(heart('Lens & Light Studio', false));
    expect(await findHeart('Lens & Light Studio', true)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('p1');
    expect(toastSuccess).toHaveBeenCalledWith('Saved to your shortlist');
    // the others stay as they were
    expect(heart('Spice Route Caterers')).toHaveAttribute('aria-pressed', 'false');
  });

  it('takes it off the shortlist with a second tap', async () => {
    const user = await homeWithHearts();
    await user.click(heart('Lens & Light Studio', false));
    await findHeart('Lens & Light Studio', true);
    await user.click(heart('Lens & Light Studio', true));
    expect(await findHeart('Lens & Light Studio', false)).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('p1');
    expect(toastSuccess).toHaveBeenLastCalledWith('Removed from your shortlist');
  });

  it('shows the services already on the shortlist as saved when the page has loaded', async () => {
    list.mockResolvedValue([entry('p2', 'Spice Route Caterers'), entry('l1', 'Mehendi by Meera')]);
    await homeWithHearts();
    expect(heart('Spice Route Caterers')).toHaveAttribute('aria-pressed', 'true');
    expect(heart('Mehendi by Meera')).toHaveAttribute('aria-pressed', 'true');
    expect(heart('Lens & Light Studio')).toHaveAttribute('aria-pressed', 'false');
  });

  it('is busy while the change runs, shows the change at once and takes no second tap', async () => {
    const answer = deferred<ShortlistEntry>();
    save.mockReturnValue(answer.promise);
    const user = await homeWithHearts();
    await user.click(heart('Lens & Light Studio', false));
    const busy = heart('Lens & Light Studio', true);
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(save).toHaveBeenCalledTimes(1);
    expect(remove).not.toHaveBeenCalled();

    await act(async () => answer.resolve(entry('p1', 'Lens & Light Studio')));
    expect(heart('Lens & Light Studio', true)).not.toHaveAttribute('aria-busy');
  });

  it('stays unsaved and says why when saving fails', async () => {
    save.mockRejectedValue(new ApiError(503, 'The shortlist is resting'));
    const user = await homeWithHearts();
    await user.click(heart('Lens & Light Studio', false));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Couldn't save it to your shortlist. The shortlist is resting"));
    expect(heart('Lens & Light Studio')).toHaveAttribute('aria-pressed', 'false');
    expect(heart('Lens & Light Studio')).not.toHaveAttribute('aria-busy');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('stays saved and says why when taking it off fails', async () => {
    list.mockResolvedValue([entry('p1', 'Lens & Light Studio')]);
    remove.mockRejectedValue(new ApiError(500, 'Something broke'));
    const user = await homeWithHearts();
    await user.click(heart('Lens & Light Studio', true));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Couldn't remove it from your shortlist. Something broke"));
    expect(heart('Lens & Light Studio')).toHaveAttribute('aria-pressed', 'true');
  });

  it('changes every heart of the service on the page', async () => {
    jest.mocked(getLatestServices).mockResolvedValue({ results: [listItem('p1', 'Lens & Light Studio')] });
    const user = await homeWithHearts();
    const both = () => screen.getAllByRole('button', { name: 'Save Lens & Light Studio to your shortlist' });
    expect(both()).toHaveLength(2);
    await user.click(both()[0] as HTMLElement);
    await waitFor(() => expect(both().map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'true']));
  });

  it('keeps a tap made before the shortlist came, and makes it once it has', async () => {
    const answer = deferred<ShortlistEntry[]>();
    list.mockReturnValue(answer.promise);
    const user = userEvent.setup();
    renderRoute('/');
    await within(screen.getByRole('region', { name: 'Recently Added' })).findByRole('article');
    await within(screen.getByRole('region', { name: 'Recommended For You' })).findAllByRole('article');
    becomeInteractive();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));

    await user.click(heart('Lens & Light Studio'));
    expect(heart('Lens & Light Studio')).toHaveAttribute('aria-busy', 'true');
    expect(save).not.toHaveBeenCalled();

    // on the shortlist already: the waiting tap takes it off
    await act(async () => answer.resolve([entry('p1', 'Lens & Light Studio')]));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('p1'));
    expect(save).not.toHaveBeenCalled();
    expect(await findHeart('Lens & Light Studio', false)).not.toHaveAttribute('aria-busy');
  });

  it('asks for the shortlist again on a tap when it could not be fetched, and says so when it still cannot', async () => {
    list.mockRejectedValue(new ApiError(503, 'The shortlist is resting'));
    const user = userEvent.setup();
    renderRoute('/');
    await within(screen.getByRole('region', { name: 'Recently Added' })).findByRole('article');
    await within(screen.getByRole('region', { name: 'Recommended For You' })).findAllByRole('article');
    becomeInteractive();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    // the first failure is not the user's to hear of: the hearts just show nothing saved
    await act(async () => {
      await list.mock.results[0]?.value.catch(() => undefined);
    });
    expect(toastError).not.toHaveBeenCalled();

    await user.click(heart('Lens & Light Studio', false));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Couldn't save it to your shortlist. The shortlist is resting"));
    expect(list).toHaveBeenCalledTimes(2);
    expect(save).not.toHaveBeenCalled();
    expect(heart('Lens & Light Studio', false)).not.toHaveAttribute('aria-busy');
  });
});

describe('The shortlist heart on the service page', () => {
  async function servicePage() {
    const user = userEvent.setup();
    renderRoute('/service/s1');
    await screen.findByRole('heading', { level: 1, name: 'Lens & Light Studio' });
    becomeInteractive();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    await act(async () => {
      await list.mock.results[0]?.value;
    });
    return user;
  }
  const pageHeart = () => screen.getByRole('button', { name: 'Save this service to your shortlist' });

  it('sits beside Share and saves the service', async () => {
    const user = await servicePage();
    expect(screen.getByRole('button', { name: 'Share this service' })).toBeInTheDocument();
    expect(pageHeart()).toHaveAttribute('aria-pressed', 'false');
    await user.click(pageHeart());
    await waitFor(() => expect(pageHeart()).toHaveAttribute('aria-pressed', 'true'));
    expect(save).toHaveBeenCalledWith('s1');
    expect(toastSuccess).toHaveBeenCalledWith('Saved to your shortlist');
  });

  it('shows the service saved when it is on the shortlist', async () => {
    list.mockResolvedValue([entry('s1', 'Lens & Light Studio')]);
    await servicePage();
    expect(pageHeart()).toHaveAttribute('aria-pressed', 'true');
  });

  it('signed out, a tap goes to sign-in and back here', async () => {
    utsavStore.set(sessionAtom, { status: 'signedOut' });
    const user = userEvent.setup();
    renderRoute('/service/s1');
    await screen.findByRole('heading', { level: 1, name: 'Lens & Light Studio' });
    becomeInteractive();
    await user.click(pageHeart());
    expect(screen.getByRole('heading', { level: 1, name: 'Login page' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?next=%2Fservice%2Fs1');
    expect(list).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('is named in Hindi when the page is', async () => {
    await servicePage();
    await act(() => changeLocale('hi-IN'));
    expect(screen.getByRole('button', { name: 'यह सर्विस अपनी शॉर्टलिस्ट में सहेजें' })).toHaveAttribute('aria-pressed', 'false');
    await act(() => changeLocale('en-IN'));
  });
});
