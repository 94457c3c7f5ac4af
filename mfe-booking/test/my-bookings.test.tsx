import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession } from '@utsav/contracts';
import { getUserBookings } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';
import { booking, SIGNED_IN, pinFixtureDate } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn() }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const load = jest.mocked(getUserBookings);

/** Newest first, as the API lists them; one of each status, and a cancelled one. */
const ALL: Booking[] = [
  booking('b-req', { status: 'requested', menuName: 'Haldi Photography' }),
  booking('b-acc', {
    status: 'accepted',
    menuName: 'Gold Wedding Package',
    preferredDateRange: { from: '2026-12-30', to: '2027-01-02' },
    preferredTime: { start: '08:00', end: '18:00' },
    amount: 12_345_600,
  }),
  booking('b-conf', { status: 'confirmed', menuName: 'Bridal Makeup', preferredDateRange: { from: '2026-12-05', to: '2026-12-05' } }),
  booking('b-fail', {
    status: 'failed',
    failureReason: 'payment_failed',
    menuName: 'Sangeet Catering',
    preferredTime: { start: '12:00', end: '13:00' },
  }),
  booking('b-can', { status: 'cancelled', menuName: 'Cancelled Venue' }),
  booking('b-req2', { status: 'requested', menuName: 'Mehendi Artist', address: null }),
];

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  pinFixtureDate();
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  load.mockResolvedValue(ALL);
});

async function renderLoaded(url: string | string[] = '/bookings') {
  const user = userEvent.setup();
  renderRoute(url);
  await screen.findAllByRole('article');
  return user;
}

const cards = () => screen.queryAllByRole('article');
const names = () => cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const card = (name: string) => screen.getByRole('article', { name });
const tab = (name: string) => screen.getByRole('tab', { name });

describe('My Bookings', () => {
  it("is 'My Bookings' with the tabs Requested, Accepted, Confirmed, Failed and Cancelled, Requested first", async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Requested', 'Accepted', 'Confirmed', 'Failed', 'Cancelled']);
    expect(tab('Requested')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Requested' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('user-1', expect.any(AbortSignal));
  });

  it('lists the bookings of the chosen status only, in the order the server gives', async () => {
    const user = await renderLoaded();
    expect(names()).toEqual(['Haldi Photography', 'Mehendi Artist']);
    await user.click(tab('Accepted'));
    expect(names()).toEqual(['Gold Wedding Package']);
    await user.click(tab('Confirmed'));
    expect(names()).toEqual(['Bridal Makeup']);
    await user.click(tab('Failed'));
    expect(names()).toEqual(['Sangeet Catering']);
    // cancelled (and withdrawn) bookings have a tab of their own
    await user.click(tab('Cancelled'));
    expect(names()).toEqual(['Cancelled Venue']);
    // one call serves every tab
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a cancelled booking under Cancelled only, never under the other tabs (Failed included)', async () => {
    const user = await renderLoaded();
    for (const name of ['Requested', 'Accepted', 'Confirmed', 'Failed']) {
      await user.click(tab(name));
      expect(screen.queryByText('Cancelled Venue')).not.toBeInTheDocument();
    }
    await user.click(tab('Cancelled'));
    expect(card('Cancelled Venue')).toBeInTheDocument();
  });

  it('badges the status: green for confirmed, red for failed, blue otherwise', async () => {
    const user = await renderLoaded();
    // eslint-disable-next-line testing-library/no-node-access -- the chip's colour is only in MUI's class: no role or text tells it
    const badge = (name: string, label: string) => within(card(name)).getByText(label).closest('.MuiChip-root');
    expect(badge('Haldi Photography', 'Requested')).toHaveClass('MuiChip-colorInfo');
    await user.click(tab('Accepted'));
    expect(badge('Gold Wedding Package', 'Accepted')).toHaveClass('MuiChip-colorInfo');
    await user.click(tab('Confirmed'));
    expect(badge('Bridal Makeup', 'Confirmed')).toHaveClass('MuiChip-colorSuccess');
    expect(badge('Bridal Makeup', 'Confirmed')).not.toHaveClass('MuiChip-colorInfo');
    await user.click(tab('Failed'));
    expect(badge('Sangeet Catering', 'Failed')).toHaveClass('MuiChip-colorError');
    await user.click(tab('Cancelled'));
    // grey for cancelled: neither red nor blue
    const cancelled = badge('Cancelled Venue', 'Cancelled');
    expect(cancelled).toHaveClass('MuiChip-colorDefault');
    expect(cancelled).not.toHaveClass('MuiChip-colorError');
    expect(cancelled).not.toHaveClass('MuiChip-colorInfo');
  });

  it('shows the dates, the times on the 12-hour clock and the amount in rupees', async () => {
    const user = await renderLoaded();
    const haldi = card('Haldi Photography');
    expect(haldi).toHaveTextContent('Date5 Dec 2026 – 7 Dec 2026');
    expect(haldi).toHaveTextContent('Time9:00 AM – 5:00 PM');
    expect(haldi).toHaveTextContent('Amount₹90,000.00');
    await user.click(tab('Accepted'));
    const gold = card('Gold Wedding Package');
    expect(gold).toHaveTextContent('30 Dec 2026 – 2 Jan 2027');
    expect(gold).toHaveTextContent('8:00 AM – 6:00 PM');
    expect(gold).toHaveTextContent('₹1,23,456.00');
    await user.click(tab('Confirmed'));
    // a one-day booking shows its day once
    expect(card('Bridal Makeup')).toHaveTextContent(/Date5 Dec 2026Time/);
    await user.click(tab('Failed'));
    expect(card('Sangeet Catering')).toHaveTextContent('12:00 PM – 1:00 PM');
  });

  it('says who and where: the service, the provider and the address on one line', async () => {
    await renderLoaded();
    const haldi = card('Haldi Photography');
    expect(haldi).toHaveTextContent('ServiceLens Studio Photography');
    expect(haldi).toHaveTextContent('ProviderLens Studio');
    expect(haldi).toHaveTextContent('Address12 MG Road, Indiranagar, Bengaluru, Karnataka 560038');
    // a booking made before addresses were asked for has no Address row
    expect(card('Mehendi Artist')).not.toHaveTextContent('Address');
  });

  it("says 'Date not specified' and 'Time not specified' when a booking has none", async () => {
    load.mockResolvedValue([
      booking('b1', {
        menuName: 'Open dates',
        preferredDateRange: { from: '', to: '' },
        preferredTime: { start: '', end: '' },
      }),
    ]);
    await renderLoaded();
    const open = card('Open dates');
    expect(open).toHaveTextContent('Date not specified');
    expect(open).toHaveTextContent('Time not specified');
  });

  it("offers 'View Details' for a requested booking, leading to its order summary", async () => {
    const user = await renderLoaded();
    const haldi = card('Haldi Photography');
    expect(within(haldi).getAllByRole('link').map((l) => l.textContent)).toEqual(['View Details']);
    expect(within(haldi).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/bookings/order_summary?bid=b-req');
    await user.click(within(haldi).getByRole('link', { name: 'View Details' }));
    expect(currentLocation()).toBe('/bookings/order_summary?bid=b-req');
  });

  it("offers 'Pay Now' (to /bookings/order_summary?bid=…) and 'Cancel' for an accepted booking", async () => {
    const user = await renderLoaded('/bookings?tab=accepted');
    const gold = card('Gold Wedding Package');
    const payNow = within(gold).getByRole('link', { name: 'Pay Now' });
    expect(payNow).toHaveAttribute('href', '/bookings/order_summary?bid=b-acc');
    const cancel = within(gold).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    expect(cancel).toHaveAccessibleDescription('Gold Wedding Package');
    expect(screen.queryByText('Cancellation is coming soon')).not.toBeInTheDocument();
    await user.click(payNow);
    expect(currentLocation()).toBe('/bookings/order_summary?bid=b-acc');
  });

  it("offers 'View Details', Cancel and Change dates for a confirmed booking and 'Retry Payment', Cancel and Change dates for a failed one", async () => {
    const user = await renderLoaded('/bookings?tab=confirmed');
    const makeup = card('Bridal Makeup');
    expect(within(makeup).getAllByRole('link').map((l) => l.textContent)).toEqual(['View Details', 'Change dates']);
    expect(within(makeup).getByRole('link', { name: 'Change dates' })).toHaveAttribute('href', '/service/slots?serviceId=s1&package=m1&reschedule=b-conf');
    expect(within(makeup).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/bookings/order_summary?bid=b-conf');
    expect(within(makeup).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel']);
    await user.click(tab('Failed'));
    const catering = card('Sangeet Catering');
    expect(within(catering).getAllByRole('link').map((l) => l.textContent)).toEqual(['Retry Payment', 'Change dates']);
    expect(within(catering).getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/bookings/order_summary?bid=b-fail');
    expect(within(catering).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel']);
  });

  it('a paid booking whose last day has gone by offers View Details, Rate & review and Book again, no Cancel or Change dates', async () => {
    load.mockResolvedValue([booking('b-past', { status: 'confirmed', menuName: 'Past Band', preferredDateRange: { from: '2026-11-20', to: '2026-11-24' } })]);
    await renderLoaded('/bookings?tab=confirmed');
    const past = card('Past Band');
    expect(within(past).getAllByRole('link').map((l) => l.textContent)).toEqual(['View Details', 'Book again']);
    expect(within(past).getAllByRole('button').map((b) => b.textContent)).toEqual(['Rate & review']);
  });

  it('a booking with new dates proposed says so and offers no second Change dates', async () => {
    load.mockResolvedValue([
      booking('b-moving', {
        status: 'confirmed',
        menuName: 'Moving Band',
        reschedule: { preferredDateRange: { from: '2026-12-20', to: '2026-12-21' }, preferredTime: { start: '10:00', end: '14:00' } },
      }),
    ]);
    await renderLoaded('/bookings?tab=confirmed');
    const moving = card('Moving Band');
    expect(moving).toHaveTextContent('New dates20 Dec 2026 – 21 Dec 2026, 10:00 AM – 2:00 PM (waiting for the provider)');
    expect(within(moving).queryByRole('link', { name: 'Change dates' })).not.toBeInTheDocument();
    expect(within(moving).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("says 'Declined by the provider' for a declined request, with no payment action", async () => {
    load.mockResolvedValue([
      booking('b-dec', { status: 'failed', failureReason: 'declined', menuName: 'Declined Band' }),
      booking('b-pay', { status: 'failed', failureReason: 'payment_failed', menuName: 'Unpaid Band' }),
    ]);
    await renderLoaded('/bookings?tab=failed');
    const declined = card('Declined Band');
    expect(declined).toHaveTextContent('Declined by the provider');
    // it can only be booked again
    expect(within(declined).getAllByRole('link').map((l) => l.textContent)).toEqual(['Book again']);
    expect(within(declined).getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/service/slots?serviceId=s1&package=m1');
    expect(within(declined).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Unpaid Band')).getByRole('link', { name: 'Retry Payment' })).toHaveAttribute(
      'href',
      '/bookings/order_summary?bid=b-pay',
    );
    expect(card('Unpaid Band')).not.toHaveTextContent('Declined by the provider');
  });

  it("offers 'View Details' (to its order summary) and 'Book again' (the same package) for a cancelled booking", async () => {
    await renderLoaded('/bookings?tab=cancelled');
    const cancelled = card('Cancelled Venue');
    expect(within(cancelled).getAllByRole('link').map((l) => l.textContent)).toEqual(['View Details', 'Book again']);
    expect(within(cancelled).getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/service/slots?serviceId=s1&package=m1');
    expect(within(cancelled).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/bookings/order_summary?bid=b-can');
    expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();
    expect(cancelled).not.toHaveTextContent('Declined by the provider');
  });

  it('encodes the booking id in the links', async () => {
    load.mockResolvedValue([booking('b/1 &x', { status: 'accepted', menuName: 'Odd id' })]);
    await renderLoaded('/bookings?tab=accepted');
    expect(within(card('Odd id')).getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      '/bookings/order_summary?bid=b%2F1+%26x',
    );
  });

  it.each([
    ['Requested', 'No requested bookings'],
    ['Accepted', 'No accepted bookings'],
    ['Confirmed', 'No confirmed bookings'],
    ['Failed', 'No failed bookings'],
    ['Cancelled', 'No cancelled bookings'],
  ])('says so when the %s tab is empty', async (name, text) => {
    load.mockResolvedValue([]);
    const user = userEvent.setup();
    renderRoute('/bookings');
    await screen.findByText('No requested bookings');
    await user.click(tab(name));
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it('keeps the tab in the URL, so a reload or a link opens it', async () => {
    const user = await renderLoaded();
    await user.click(tab('Accepted'));
    expect(currentLocation()).toBe('/bookings?tab=accepted');
    expect(tab('Accepted')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('Requested'));
    expect(currentLocation()).toBe('/bookings');
  });

  it.each([
    ['/bookings?tab=confirmed', 'Confirmed', ['Bridal Makeup']],
    ['/bookings?tab=failed', 'Failed', ['Sangeet Catering']],
    ['/bookings?tab=cancelled', 'Cancelled', ['Cancelled Venue']],
    ['/bookings?tab=withdrawn', 'Requested', ['Haldi Photography', 'Mehendi Artist']],
    ['/bookings?tab=nonsense', 'Requested', ['Haldi Photography', 'Mehendi Artist']],
  ])('opens %s on the %s tab', async (url, selected, shown) => {
    await renderLoaded(url);
    expect(tab(selected)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
    expect(names()).toEqual(shown);
  });

  describe('a booking the URL names (after new dates, a booking made, a payment)', () => {
    const scrolledTo = jest.fn();
    beforeEach(() => {
      scrolledTo.mockReset();
      Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
        scrolledTo(this);
      };
    });

    it('opens the tab it is in, brings it into view with the focus on it, and lets go of it in the URL', async () => {
      await renderLoaded('/bookings?booking=b-fail');
      expect(await screen.findByRole('tab', { name: 'Failed', selected: true })).toBeInTheDocument();
      const catering = card('Sangeet Catering');
      await waitFor(() => expect(catering).toHaveFocus());
      expect(scrolledTo).toHaveBeenCalledWith(catering);
      expect(currentLocation()).toBe('/bookings?tab=failed');
    });

    it('a tab given with it that is not the booking\'s: the booking\'s tab wins', async () => {
      await renderLoaded('/bookings?tab=accepted&booking=b-can');
      expect(await screen.findByRole('tab', { name: 'Cancelled', selected: true })).toBeInTheDocument();
      await waitFor(() => expect(card('Cancelled Venue')).toHaveFocus());
      expect(currentLocation()).toBe('/bookings?tab=cancelled');
    });

    it('one that is not among the user\'s: the tab asked for, nothing scrolled', async () => {
      await renderLoaded('/bookings?tab=confirmed&booking=someone-else');
      await waitFor(() => expect(currentLocation()).toBe('/bookings?tab=confirmed'));
      expect(tab('Confirmed')).toHaveAttribute('aria-selected', 'true');
      expect(scrolledTo).not.toHaveBeenCalled();
    });
  });

  it('comes Back from an order summary to the tab it was on; switching tabs adds no history entries', async () => {
    const user = await renderLoaded(['/', '/bookings']);
    await user.click(tab('Failed'));
    await user.click(within(card('Sangeet Catering')).getByRole('link', { name: 'Retry Payment' }));
    expect(currentLocation()).toBe('/bookings/order_summary?bid=b-fail');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(currentLocation()).toBe('/bookings?tab=failed');
    expect(await screen.findByRole('tab', { name: 'Failed', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(currentLocation()).toBe('/');
  });

  it('shows skeletons while the bookings load', () => {
    load.mockReturnValue(new Promise(() => {}));
    renderRoute('/bookings');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your bookings…');
    expect(cards()).toHaveLength(0);
    expect(screen.queryByText('No requested bookings')).not.toBeInTheDocument();
  });

  it('says so when the bookings fail to load, and Retry loads them', async () => {
    load.mockRejectedValueOnce(new ApiError(503, 'Server responded with 503'));
    const user = userEvent.setup();
    renderRoute('/bookings');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your bookings.");
    expect(screen.queryByText('No requested bookings')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Haldi Photography' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes no call until the session is known', () => {
    jest.mocked(useSession).mockReturnValue({ status: 'loading' });
    renderRoute('/bookings');
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your bookings…');
  });
});
