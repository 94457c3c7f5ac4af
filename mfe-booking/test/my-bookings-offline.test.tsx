import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, OFFLINE_MESSAGE, saveAnswer, useSession } from '@utsav/contracts';
import { getUserBookings } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';
import { booking, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn() }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const load = jest.mocked(getUserBookings);
const onLine = jest.spyOn(window.navigator, 'onLine', 'get');

const ACCEPTED = booking('b-acc', { status: 'accepted', menuName: 'Gold Wedding Package' });
const REQUESTED = booking('b-req', { status: 'requested', menuName: 'Haldi Photography' });
const SAVED: Booking[] = [REQUESTED, ACCEPTED];

const unreachable = () => new ApiError(0, OFFLINE_MESSAGE);

function connection(online: boolean) {
  onLine.mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  onLine.mockReturnValue(true);
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
});

const card = (name: string) => screen.getByRole('article', { name });

describe('My Bookings offline (issue 20)', () => {
  it("keeps the list's last answer on this device", async () => {
    load.mockResolvedValue(SAVED);
    renderRoute('/bookings');
    await screen.findByRole('article', { name: 'Haldi Photography' });
    const kept = JSON.parse(localStorage.getItem('utsav.saved:user-1:bookings') ?? 'null') as { data: Booking[]; savedAt: string };
    expect(kept.data.map((b) => b.bookingId)).toEqual(['b-req', 'b-acc']);
    expect(Number.isNaN(Date.parse(kept.savedAt))).toBe(false);
  });

  it('shows the saved list read-only when the API cannot be reached, saying when it was saved', async () => {
    // a moment, shown in India's time whatever the machine's zone (issue 39)
    saveAnswer('user-1', 'bookings', SAVED, new Date('2026-11-24T15:42:00+05:30'));
    load.mockRejectedValue(unreachable());
    onLine.mockReturnValue(false);
    const user = userEvent.setup();
    renderRoute('/bookings');
    expect(await screen.findByText(/Saved on this device 24 Nov 2026, 3:42 PM\./)).toBeVisible();
    expect(screen.getByText(/You can look at your bookings; changing them needs a connection\./)).toBeVisible();
    expect(within(card('Haldi Photography')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Haldi Photography')).queryByRole('link')).not.toBeInTheDocument();
    // offline, the shell's notice says why; no error block and no Retry (it is asked again when the connection returns)
    expect(screen.queryByText("We couldn't load your bookings.")).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // the tabs still work: they need nothing from the network
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(within(card('Gold Wedding Package')).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Browse Services' })).not.toBeInTheDocument();
  });

  it('asks again by itself when the connection returns, and the actions come back', async () => {
    saveAnswer('user-1', 'bookings', SAVED);
    load.mockRejectedValueOnce(unreachable()).mockResolvedValue([REQUESTED]);
    onLine.mockReturnValue(false);
    renderRoute('/bookings');
    await screen.findByText(/Saved on this device/);
    expect(load).toHaveBeenCalledTimes(1);
    connection(true);
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/changing them needs a connection/)).not.toBeInTheDocument();
  });

  it('turns the list on screen read-only when the connection goes, and back when it returns', async () => {
    load.mockResolvedValue([REQUESTED]);
    renderRoute('/bookings');
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeVisible();
    connection(false);
    expect(screen.getByText('You can look at your bookings; changing them needs a connection.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Details' })).not.toBeInTheDocument();
    connection(true);
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    expect(screen.queryByText(/changing them needs a connection/)).not.toBeInTheDocument();
  });

  it('online but with the server unreachable, says so and offers Retry above the saved copy', async () => {
    saveAnswer('user-1', 'bookings', SAVED);
    load.mockRejectedValueOnce(unreachable()).mockResolvedValue([REQUESTED]);
    const user = userEvent.setup();
    renderRoute('/bookings');
    expect(await screen.findByText("We couldn't load your bookings.")).toBeVisible();
    // the copy comes once its schema has loaded (apart from the list: it brings zod)
    expect(await screen.findByText(/Saved on this device/)).toBeVisible();
    expect(within(card('Haldi Photography')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeVisible();
    expect(screen.queryByText(/Saved on this device/)).not.toBeInTheDocument();
  });

  it('with nothing saved, an unreachable API is the usual error with Retry', async () => {
    load.mockRejectedValue(unreachable());
    renderRoute('/bookings');
    expect(await screen.findByText("We couldn't load your bookings.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it("never shows another user's saved list, nor a saved copy for a server error", async () => {
    saveAnswer('someone-else', 'bookings', SAVED);
    load.mockRejectedValue(unreachable());
    const { unmount } = renderRoute('/bookings');
    expect(await screen.findByText("We couldn't load your bookings.")).toBeVisible();
    unmount();
    saveAnswer('user-1', 'bookings', SAVED);
    load.mockRejectedValue(new ApiError(500, 'Server responded with 500'));
    renderRoute('/bookings');
    expect(await screen.findByText("We couldn't load your bookings.")).toBeVisible();
    expect(screen.queryByText(/Saved on this device/)).not.toBeInTheDocument();
  });
});
