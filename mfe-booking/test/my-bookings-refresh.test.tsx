import { act, fireEvent, screen } from '@testing-library/react';
import { showBookingChange, useLiveStatus, useSession } from '@utsav/contracts';
import { getUserBookings } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';
import { booking, deferred, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn() }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn(), useLiveStatus: jest.fn() }));

const load = jest.mocked(getUserBookings);

const REQUESTED = booking('b1', { status: 'requested', menuName: 'Haldi Photography' });
const ACCEPTED = { ...REQUESTED, status: 'accepted' } as Booking;

let visibility: DocumentVisibilityState = 'visible';

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
});

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  visibility = 'visible';
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  // the live stream is down unless a test says otherwise: the fallback's polling is what most of these check
  jest.mocked(useLiveStatus).mockReturnValue('down');
  load.mockResolvedValue([REQUESTED]);
});

/** What the live stream does with a booking it brings (live-updates.ts). */
const deliverLive = (changed: Booking) => act(() => showBookingChange(changed));

afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

async function renderLoaded(url = '/bookings') {
  const view = renderRoute(url);
  await screen.findByRole('article', { name: 'Haldi Photography' });
  return view;
}

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

// eslint-disable-next-line testing-library/no-unnecessary-act -- lets the mocked API's already-resolved answers land inside act, so the next lines can also check what did not happen (no further call); there is no new UI to wait for
const settle = () => act(async () => {});

describe('My Bookings stays current', () => {
  it('reloads when the page becomes visible again, showing what changed', async () => {
    await renderLoaded();
    expect(load).toHaveBeenCalledTimes(1);
    load.mockResolvedValue([ACCEPTED]);
    setVisibility('hidden');
    expect(load).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('user-1', expect.any(AbortSignal));
    expect(await screen.findByText('No requested bookings')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(screen.getByRole('article', { name: 'Haldi Photography' })).toHaveTextContent('Accepted');
  });

  it('reloads when the window gets the focus', async () => {
    await renderLoaded();
    load.mockResolvedValue([ACCEPTED]);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('No requested bookings')).toBeInTheDocument();
  });

  it('keeps the list on screen while it reloads, with no skeletons', async () => {
    await renderLoaded();
    const pending = deferred<Booking[]>();
    load.mockReturnValue(pending.promise);
    setVisibility('visible');
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('article', { name: 'Haldi Photography' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your bookings…')).not.toBeInTheDocument();
    // a refresh that fails keeps the list too
    await act(async () => pending.reject(new Error('offline')));
    expect(screen.getByRole('article', { name: 'Haldi Photography' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has at most one call in flight, however many events come in', async () => {
    await renderLoaded();
    const pending = deferred<Booking[]>();
    load.mockReturnValue(pending.promise);
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    act(() => jest.advanceTimersByTime(30_000));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => pending.resolve([REQUESTED]));
    // once it is back, the next event may ask again
    load.mockResolvedValue([REQUESTED]);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(load).toHaveBeenCalledTimes(3);
    await settle();
  });

  it('polls every 10 s while a booking is requested, and shows an accepted request without a reload', async () => {
    await renderLoaded();
    act(() => jest.advanceTimersByTime(9_999));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(2);
    await settle();
    act(() => jest.advanceTimersByTime(10_000));
    expect(load).toHaveBeenCalledTimes(3);
    await settle();

    load.mockResolvedValue([ACCEPTED]);
    act(() => jest.advanceTimersByTime(10_000));
    expect(load).toHaveBeenCalledTimes(4);
    expect(await screen.findByText('No requested bookings')).toBeInTheDocument();
    // nothing is waiting any more: polling stops
    act(() => jest.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not poll when no booking is requested', async () => {
    load.mockResolvedValue([ACCEPTED]);
    renderRoute('/bookings?tab=accepted');
    await screen.findByRole('article', { name: 'Haldi Photography' });
    act(() => jest.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not poll while the page is hidden', async () => {
    await renderLoaded();
    visibility = 'hidden';
    act(() => jest.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('aborts the call in flight and stops listening and polling when it goes away', async () => {
    const view = await renderLoaded();
    const pending = deferred<Booking[]>();
    load.mockReturnValue(pending.promise);
    act(() => jest.advanceTimersByTime(10_000));
    expect(load).toHaveBeenCalledTimes(2);
    const signal = load.mock.calls[1]![1]!;
    expect(signal.aborted).toBe(false);
    view.unmount();
    await settle();
    expect(signal.aborted).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      jest.advanceTimersByTime(60_000);
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('while the live stream is up: no polling, and a booking it brings replaces its card at once (a new one goes on top)', async () => {
    jest.mocked(useLiveStatus).mockReturnValue('open');
    await renderLoaded();
    act(() => jest.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(1);

    deliverLive(ACCEPTED);
    expect(await screen.findByText('No requested bookings')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: /accepted/i }));
    expect(await screen.findByRole('article', { name: 'Haldi Photography' })).toBeInTheDocument();
    deliverLive(booking('b2', { status: 'accepted', menuName: 'Mehendi Photography' }));
    expect(await screen.findByRole('article', { name: 'Mehendi Photography' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
