import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, cacheOf, getAddresses, toast, useSession, utsavStore, type PageAnswer } from '@utsav/contracts';
import { catalogResources, userResources } from '@utsav/contracts/resources';
import { addCartItem, createBooking, getAvailability, getBooking, getUserBookings, rescheduleBooking } from '@utsav/contracts/booking';
import { getMenu } from '@utsav/contracts/catalog';
import type { Booking } from '@utsav/contracts/schemas';
import { booking, cart, deferred, menuResponse, savedAddress, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';
import SlotSelectionPage from '../src/pages/SlotSelection';

jest.mock('@utsav/contracts/booking', () => ({
  // every day can be booked unless a test says otherwise
  getAvailability: jest.fn(async (serviceId: string, month: string) => ({ serviceId, month, dailyCapacity: 1, unavailable: [] })),
  createBooking: jest.fn(),
  addCartItem: jest.fn(),
  getUserBookings: jest.fn(),
  getBooking: jest.fn(),
  getCart: jest.fn(),
  rescheduleBooking: jest.fn(),
}));
// a page with a calendar of buttons, driven by user-event under fake timers: slow on a 2-core machine under load, not a timing check
jest.setTimeout(30_000);
// the service (where its provider is based) stays on its way unless a test gives one
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn(() => new Promise(() => {})) }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn(), getAddresses: jest.fn(), addAddress: jest.fn() }));

/** Thursday 3 December 2026, 07:30 in India (the slot rules' clock), whatever this machine's time zone. */
const NOW = new Date('2026-12-03T07:30:00+05:30');
const URL = '/service/slots?serviceId=s1&package=m1';

const loadMenu = jest.mocked(getMenu);
const book = jest.mocked(createBooking);
const addToCart = jest.mocked(addCartItem);
let toastError: jest.SpyInstance;
let toastSuccess: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(NOW);
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  loadMenu.mockResolvedValue(menuResponse());
  jest.mocked(getAddresses).mockResolvedValue([savedAddress('a1')]);
  book.mockResolvedValue(booking('b1'));
  addToCart.mockResolvedValue(cart());
  // where Book Now leads
  jest.mocked(getUserBookings).mockResolvedValue([]);
});

afterEach(() => {
  jest.useRealTimers();
});

async function renderLoaded(url = URL) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(url);
  await screen.findByRole('heading', { level: 2, name: 'Gold Wedding Package' });
  // the saved address is chosen once it has loaded
  await screen.findByText('12 MG Road, Indiranagar, Bengaluru, Karnataka 560038');
  return user;
}

const grid = () => screen.getByRole('grid');
const day = (name: string) => screen.getByRole('button', { name });
const pressedDays = () =>
  within(grid())
    .queryAllByRole('button', { pressed: true })
    .map((button) => button.getAttribute('aria-label'));
const bar = () => screen.getByRole('region', { name: 'Your selection' });
const bookNow = () => screen.getByRole('button', { name: 'Book Now' });
const addToCartButton = () => screen.getByRole('button', { name: 'Add to Cart' });
const startTime = () => screen.getByRole('combobox', { name: 'Start Time' });
const endTime = () => screen.getByRole('combobox', { name: 'End Time' });
const weekRows = () => within(grid()).getAllByRole('row').slice(1);

describe('Slot selection: the page', () => {
  it("is 'Select Time Slot' with the package's name and price at the top", async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Select Time Slot' })).toBeInTheDocument();
    const pkg = screen.getByRole('region', { name: 'Gold Wedding Package' });
    expect(pkg).toHaveTextContent('₹90,000.00');
    expect(loadMenu).toHaveBeenCalledWith('m1', expect.any(AbortSignal));
  });

  it('shows a loading state while the package loads', () => {
    loadMenu.mockReturnValue(new Promise(() => {}));
    renderRoute(URL);
    expect(screen.getByRole('heading', { level: 1, name: 'Select Time Slot' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading package' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it.each([
    ['/service/slots?serviceId=s1'],
    ['/service/slots?package=m1'],
    ['/service/slots'],
    ['/service/slots?serviceId=%20&package=m1'],
  ])('explains a link without a service or package (%s) and offers a way back to the services', async (url) => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute(url);
    expect(screen.getByRole('heading', { level: 1, name: 'Select Time Slot' })).toBeInTheDocument();
    expect(screen.getByText(/does not say which package to book/)).toBeInTheDocument();
    expect(loadMenu).not.toHaveBeenCalled();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse Services' }));
    expect(currentLocation()).toBe('/services');
  });

  it("says 'Failed to fetch service details' when the package fails to load, and Retry loads it", async () => {
    loadMenu.mockRejectedValueOnce(new ApiError(502, 'Server responded with 502'));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute(URL);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this package.");
    expect(toastError).toHaveBeenCalledWith('Failed to fetch service details');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Gold Wedding Package' })).toBeInTheDocument();
    expect(loadMenu).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('grid')).toBeInTheDocument();
  });

  it('offers no Retry for a package that does not exist', async () => {
    loadMenu.mockRejectedValue(new ApiError(404, 'Menu not found'));
    renderRoute(URL);
    expect(await screen.findByRole('alert')).toHaveTextContent('This package could not be found.');
    expect(toastError).toHaveBeenCalledWith('Failed to fetch service details');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('Slot selection: the calendar', () => {
  it('is a grid labelled by its month, with a Su–Sa header naming the days in full', async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    const headers = within(grid()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(headers.map((h) => h.getAttribute('abbr'))).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });

  it('shows only the weeks the month needs, 7 days each, the days under their weekdays', async () => {
    await renderLoaded();
    const weeks = weekRows();
    expect(weeks).toHaveLength(5);
    weeks.forEach((week) => expect(within(week).getAllByRole('gridcell')).toHaveLength(7));
    const firstWeek = within(weeks[0]!).getAllByRole('gridcell');
    expect(firstWeek[0]).toBeEmptyDOMElement();
    expect(firstWeek[1]).toBeEmptyDOMElement();
    expect(within(firstWeek[2]!).getByRole('button')).toHaveAccessibleName('Tuesday, 1 December 2026');
    expect(within(weeks[4]!).getAllByRole('gridcell')[4]).toContainElement(day('Thursday, 31 December 2026'));
    expect(within(grid()).getAllByRole('button')).toHaveLength(31);
  });

  it('names every day in full and marks today', async () => {
    await renderLoaded();
    const saturday = day('Saturday, 5 December 2026');
    expect(saturday).toHaveTextContent(/^5$/);
    expect(day('Thursday, 3 December 2026')).toHaveAttribute('aria-current', 'date');
    expect(within(grid()).getAllByRole('button').filter((b) => b.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('moves between months, 6 weeks for January 2027 and 5 for February 2027, but not back before this month', async () => {
    const user = await renderLoaded();
    const previous = screen.getByRole('button', { name: 'Previous month' });
    const next = screen.getByRole('button', { name: 'Next month' });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeInTheDocument();
    expect(weekRows()).toHaveLength(6);
    expect(day('Friday, 1 January 2027')).toBeEnabled();
    expect(previous).toBeEnabled();

    await user.click(next);
    expect(screen.getByRole('grid', { name: 'February 2027' })).toBeInTheDocument();
    expect(weekRows()).toHaveLength(5);
    expect(within(grid()).getAllByRole('button')).toHaveLength(28);

    await user.click(previous);
    await user.click(previous);
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(previous).toBeDisabled();
  });

  it('disables the days before today, which cannot be chosen', async () => {
    const user = await renderLoaded();
    expect(day('Tuesday, 1 December 2026')).toBeDisabled();
    expect(day('Wednesday, 2 December 2026')).toBeDisabled();
    expect(day('Thursday, 3 December 2026')).toBeEnabled();
    await user.click(day('Wednesday, 2 December 2026'));
    expect(pressedDays()).toEqual([]);
    expect(bar()).toHaveTextContent('Select dates');
  });

  it('sets the start with the first click and the end with a later second click (spec §4)', async () => {
    const user = await renderLoaded();
    expect(bar()).toHaveTextContent('Select dates');

    await user.click(day('Saturday, 5 December 2026'));
    expect(pressedDays()).toEqual(['Saturday, 5 December 2026']);
    expect(day('Saturday, 5 December 2026')).toHaveAccessibleDescription('Start date End date');
    expect(bar()).toHaveTextContent('5 Dec · 9:00 AM – 5:00 PM');

    await user.click(day('Monday, 7 December 2026'));
    expect(pressedDays()).toEqual(['Saturday, 5 December 2026', 'Sunday, 6 December 2026', 'Monday, 7 December 2026']);
    expect(day('Saturday, 5 December 2026')).toHaveAccessibleDescription('Start date');
    expect(day('Monday, 7 December 2026')).toHaveAccessibleDescription('End date');
    const selectedDays = screen.getAllByRole('gridcell', { selected: true }).map((cell) => within(cell).getByRole('button').getAttribute('aria-label'));
    expect(selectedDays).toEqual(['Saturday, 5 December 2026', 'Sunday, 6 December 2026', 'Monday, 7 December 2026']);
    expect(day('Tuesday, 8 December 2026')).toHaveAttribute('aria-pressed', 'false');
    expect(bar()).toHaveTextContent('5 Dec – 7 Dec · 9:00 AM – 5:00 PM');
  });

  it('ends on the start day itself with a second click on it', async () => {
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.click(day('Saturday, 5 December 2026'));
    expect(pressedDays()).toEqual(['Saturday, 5 December 2026']);
    // both are set now: the next click restarts, even on a later day
    await user.click(day('Wednesday, 9 December 2026'));
    expect(pressedDays()).toEqual(['Wednesday, 9 December 2026']);
    expect(bar()).toHaveTextContent('9 Dec · 9:00 AM – 5:00 PM');
  });

  it('restarts with a click before the start, and with any click when both ends are set', async () => {
    const user = await renderLoaded();
    await user.click(day('Thursday, 10 December 2026'));
    await user.click(day('Saturday, 5 December 2026'));
    expect(pressedDays()).toEqual(['Saturday, 5 December 2026']);
    expect(bar()).toHaveTextContent('5 Dec · 9:00 AM – 5:00 PM');

    await user.click(day('Tuesday, 8 December 2026'));
    expect(pressedDays()).toHaveLength(4);

    // inside the range
    await user.click(day('Sunday, 6 December 2026'));
    expect(pressedDays()).toEqual(['Sunday, 6 December 2026']);

    await user.click(day('Monday, 7 December 2026'));
    // before the range
    await user.click(day('Friday, 4 December 2026'));
    expect(pressedDays()).toEqual(['Friday, 4 December 2026']);
    expect(bar()).toHaveTextContent('4 Dec · 9:00 AM – 5:00 PM');
  });

  it('keeps a range across months', async () => {
    const user = await renderLoaded();
    await user.click(day('Wednesday, 30 December 2026'));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(day('Saturday, 2 January 2027'));
    expect(pressedDays()).toEqual(['Friday, 1 January 2027', 'Saturday, 2 January 2027']);
    expect(bar()).toHaveTextContent('30 Dec – 2 Jan · 9:00 AM – 5:00 PM');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(pressedDays()).toEqual(['Wednesday, 30 December 2026', 'Thursday, 31 December 2026']);
  });

  it('has one day in the tab order and moves it with the arrow keys, Home/End and PageUp/PageDown', async () => {
    const user = await renderLoaded();
    const tabbable = () => within(grid()).getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabbable()).toEqual([day('Thursday, 3 December 2026')]);

    await user.tab();
    await user.tab();
    await user.tab();
    expect(day('Thursday, 3 December 2026')).toHaveFocus();

    const expectFocus = (name: string) => {
      expect(day(name)).toHaveFocus();
      expect(tabbable()).toEqual([day(name)]);
    };
    await user.keyboard('{ArrowRight}');
    expectFocus('Friday, 4 December 2026');
    await user.keyboard('{ArrowDown}');
    expectFocus('Friday, 11 December 2026');
    await user.keyboard('{ArrowLeft}');
    expectFocus('Thursday, 10 December 2026');
    await user.keyboard('{Home}');
    expectFocus('Sunday, 6 December 2026');
    await user.keyboard('{End}');
    expectFocus('Saturday, 12 December 2026');
    await user.keyboard('{ArrowUp}');
    expectFocus('Saturday, 5 December 2026');
    // not into the past: today is as far back as it goes
    await user.keyboard('{ArrowUp}');
    expectFocus('Thursday, 3 December 2026');
    await user.keyboard('{ArrowLeft}');
    expectFocus('Thursday, 3 December 2026');

    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeInTheDocument();
    expectFocus('Sunday, 3 January 2027');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expectFocus('Sunday, 27 December 2026');
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expectFocus('Friday, 8 January 2027');
    await user.keyboard('{PageUp}');
    expectFocus('Tuesday, 8 December 2026');

    // Enter and Space choose the focused day
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowRight}{ArrowRight}[Space]');
    expect(pressedDays()).toEqual(['Tuesday, 8 December 2026', 'Wednesday, 9 December 2026', 'Thursday, 10 December 2026']);

    // paging with the buttons afterwards leaves the focus on the button
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
    expect(tabbable()).toEqual([day('Sunday, 10 January 2027')]);
  });

  it('keeps the tab stop on the chosen start day, and on the 1st in a later month', async () => {
    const user = await renderLoaded();
    await user.click(day('Tuesday, 15 December 2026'));
    const tabbable = () => within(grid()).getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabbable()).toEqual([day('Tuesday, 15 December 2026')]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(tabbable()).toEqual([day('Friday, 15 January 2027')]);
    // the month buttons keep the focus while paging
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
  });
});

describe('Slot selection: times and note', () => {
  it('offers 10 start times 8:00 AM–5:00 PM and 10 end times 9:00 AM–6:00 PM, 9:00 AM and 5:00 PM by default', async () => {
    await renderLoaded();
    const starts = within(startTime()).getAllByRole('option');
    expect(starts.map((o) => o.textContent)).toEqual([
      '8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM',
    ]);
    expect(starts.map((o) => (o as HTMLOptionElement).value)).toEqual([
      '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00',
    ]);
    const ends = within(endTime()).getAllByRole('option');
    expect(ends.map((o) => o.textContent)).toEqual([
      '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM', '6:00 PM',
    ]);
    expect(ends.map((o) => (o as HTMLOptionElement).value)).toEqual([
      '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00',
    ]);
    expect(startTime()).toHaveValue('09:00');
    expect(endTime()).toHaveValue('17:00');
  });

  it('shows the chosen times in the bottom bar', async () => {
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.selectOptions(startTime(), '12:00');
    await user.selectOptions(endTime(), '18:00');
    expect(bar()).toHaveTextContent('5 Dec · 12:00 PM – 6:00 PM');
  });

  it("has a 'Note for provider' box with a counter, at most 500 characters", async () => {
    const user = await renderLoaded();
    const note = screen.getByRole('textbox', { name: 'Note for provider' });
    expect(note).toHaveAttribute('maxlength', '500');
    expect(note).toHaveAccessibleDescription('0/500');
    await user.type(note, 'Garden venue');
    expect(note).toHaveAccessibleDescription('12/500');
  });
});

describe('Slot selection: validation', () => {
  it("asks for a date first, in a red alert and a toast, and sends nothing: 'Please select a valid date range.'", async () => {
    const user = await renderLoaded();
    await user.click(bookNow());
    expect(await within(bar()).findByRole('alert')).toHaveTextContent('Please select a valid date range.');
    expect(within(bar()).getByRole('alert')).toHaveClass('MuiAlert-colorError');
    expect(toastError).toHaveBeenCalledWith('Please select a valid date range.');
    expect(book).not.toHaveBeenCalled();

    toastError.mockClear();
    await user.click(addToCartButton());
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Please select a valid date range.'));
    expect(addToCart).not.toHaveBeenCalled();
  });

  it('keeps the end after the start: end times not after it are disabled, and a later start moves the end along', async () => {
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.selectOptions(startTime(), '12:00');
    const disabledEnds = () =>
      within(endTime())
        .getAllByRole('option')
        .filter((option) => (option as HTMLOptionElement).disabled)
        .map((option) => (option as HTMLOptionElement).value);
    expect(disabledEnds()).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect(endTime()).toHaveValue('17:00');

    await user.selectOptions(startTime(), '17:00');
    expect(endTime()).toHaveValue('18:00');
    expect(bar()).toHaveTextContent('5 Dec · 5:00 PM – 6:00 PM');
    await user.click(bookNow());
    expect(book.mock.calls[0]![0].preferredTime).toEqual({ start: '17:00', end: '18:00' });
  });

  it('drops the complaint once the selection changes', async () => {
    const user = await renderLoaded();
    await user.click(bookNow());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(day('Saturday, 5 December 2026'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Slot selection: Book Now', () => {
  it('sends the create payload: the consumer from the session, the amount from the menu, the end date defaulting to the start', async () => {
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.selectOptions(startTime(), '10:00');
    await user.selectOptions(endTime(), '14:00');
    await user.type(screen.getByRole('textbox', { name: 'Note for provider' }), 'Garden venue, 200 guests');
    // typing moved the fake clock on a little: the request is stamped when Book Now is pressed
    jest.setSystemTime(NOW);
    jest.mocked(getUserBookings).mockResolvedValue([booking('b2', { menuName: 'Older one' }), booking('b1')]);
    await user.click(bookNow());

    await waitFor(() => expect(book).toHaveBeenCalledTimes(1));
    expect(book.mock.calls[0]![0]).toEqual({
      consumerId: 'user-1',
      consumerName: 'Asha Rao',
      consumerEmail: 'asha@example.com',
      bookingDate: '2026-12-03',
      preferredDateRange: { from: '2026-12-05', to: '2026-12-05' },
      preferredTime: { start: '10:00', end: '14:00' },
      menuId: 'm1',
      menuName: 'Gold Wedding Package',
      serviceId: 's1',
      addressId: 'a1',
      amount: 9_000_000,
      currency: 'INR',
      note: 'Garden venue, 200 guests',
      createdAt: NOW.toISOString(),
    });
    // My Bookings, showing the new booking (on its tab, in view, the focus on it)
    await waitFor(() => expect(screen.getByRole('article', { name: 'Package b1' })).toHaveFocus());
    expect(currentLocation()).toBe('/bookings');
    expect(toastSuccess).toHaveBeenCalledWith('Booking request sent. The provider will accept or decline it; once accepted, pay its advance from My Bookings.');
  });

  it('sends a date range, the default times and another session user as they are', async () => {
    jest.mocked(useSession).mockReturnValue({
      status: 'signedIn',
      uid: 'user-2',
      phone: null,
      profile: { status: 'complete', profile: { name: 'Vikram Singh', email: 'vikram@example.in' } },
    });
    loadMenu.mockResolvedValue(menuResponse({ menuId: 'm7', serviceId: 's9', name: 'Silver', price: 2_550_050 }));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute('/service/slots?serviceId=s9&package=m7');
    await screen.findByRole('heading', { level: 2, name: 'Silver' });
    await screen.findByText('12 MG Road, Indiranagar, Bengaluru, Karnataka 560038');
    await user.click(day('Saturday, 5 December 2026'));
    await user.click(day('Monday, 7 December 2026'));
    await user.click(bookNow());

    expect(loadMenu).toHaveBeenCalledWith('m7', expect.any(AbortSignal));
    expect(book.mock.calls[0]![0]).toMatchObject({
      consumerId: 'user-2',
      consumerName: 'Vikram Singh',
      consumerEmail: 'vikram@example.in',
      preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
      preferredTime: { start: '09:00', end: '17:00' },
      menuId: 'm7',
      menuName: 'Silver',
      serviceId: 's9',
      addressId: 'a1',
      amount: 2_550_050,
      note: '',
    });
  });

  it("says 'Booking failed: …' with the server's message and keeps everything chosen", async () => {
    book.mockRejectedValue(new ApiError(400, 'The end time must be after the start time.'));
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.click(day('Monday, 7 December 2026'));
    await user.selectOptions(startTime(), '11:00');
    await user.type(screen.getByRole('textbox', { name: 'Note for provider' }), 'Mehendi');
    await user.click(bookNow());

    expect(await screen.findByRole('alert')).toHaveTextContent('Booking failed: The end time must be after the start time.');
    expect(toastError).toHaveBeenCalledWith('Booking failed: The end time must be after the start time.');
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(currentLocation()).toBe(URL);
    expect(pressedDays()).toEqual(['Saturday, 5 December 2026', 'Sunday, 6 December 2026', 'Monday, 7 December 2026']);
    expect(startTime()).toHaveValue('11:00');
    expect(screen.getByRole('textbox', { name: 'Note for provider' })).toHaveValue('Mehendi');
    expect(bar()).toHaveTextContent('5 Dec – 7 Dec · 11:00 AM – 5:00 PM');
    expect(bookNow()).toBeEnabled();
  });

  it("says 'Booking failed: Server responded with 500' when the server gives no message", async () => {
    book.mockRejectedValue(new ApiError(500, 'Server responded with 500'));
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.click(bookNow());
    expect(toastError).toHaveBeenCalledWith('Booking failed: Server responded with 500');
  });

  it('asks to sign in again, and sends nothing, when the session has ended', async () => {
    const user = await renderLoaded();
    jest.mocked(useSession).mockReturnValue({ status: 'signedOut' });
    await user.click(day('Saturday, 5 December 2026'));
    await user.click(bookNow());
    expect(toastError).toHaveBeenCalledWith('Booking failed: Please sign in again.');
    expect(book).not.toHaveBeenCalled();
  });

  it('disables both buttons with a spinner while sending, and never books twice', async () => {
    const answer = deferred<Booking>();
    book.mockReturnValue(answer.promise);
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));

    // two clicks in the same frame, before React can disable the button (each is checked by the form first)
    await act(async () => {
      bookNow().click();
      bookNow().click();
    });
    expect(book).toHaveBeenCalledTimes(1);
    expect(bookNow()).toBeDisabled();
    expect(bookNow()).toHaveClass('MuiButton-loading');
    expect(addToCartButton()).toBeDisabled();
    fireEvent.click(bookNow());
    fireEvent.click(addToCartButton());
    expect(book).toHaveBeenCalledTimes(1);
    expect(addToCart).not.toHaveBeenCalled();

    // My Bookings is asked to show it (its list still on its way here)
    jest.mocked(getUserBookings).mockReturnValue(new Promise(() => {}));
    await act(async () => answer.resolve(booking('b1')));
    await waitFor(() => expect(currentLocation()).toBe('/bookings?booking=b1'));
    expect(toastSuccess).toHaveBeenCalledTimes(1);
    expect(toastSuccess).toHaveBeenCalledWith('Booking request sent. The provider will accept or decline it; once accepted, pay its advance from My Bookings.');
  });
});

describe('Slot selection: Add to Cart', () => {
  it("adds the selection to the cart, says 'Added to cart' and keeps the selection", async () => {
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.click(day('Monday, 7 December 2026'));
    await user.selectOptions(endTime(), '18:00');
    await user.type(screen.getByRole('textbox', { name: 'Note for provider' }), ' Sangeet night ');
    await user.click(addToCartButton());

    expect(addToCart).toHaveBeenCalledTimes(1);
    expect(addToCart).toHaveBeenCalledWith({
      serviceId: 's1',
      menuId: 'm1',
      quantity: 1,
      preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
      preferredTime: { start: '09:00', end: '18:00' },
      note: 'Sangeet night',
      addressId: 'a1',
    });
    await waitFor(() => expect(addToCartButton()).toBeEnabled());
    expect(toastSuccess).toHaveBeenCalledWith('Added to cart');
    expect(book).not.toHaveBeenCalled();
    expect(currentLocation()).toBe(URL);
    expect(pressedDays()).toHaveLength(3);
    expect(bar()).toHaveTextContent('5 Dec – 7 Dec · 9:00 AM – 6:00 PM');
  });

  it('uses the start date as the end date when no end is chosen', async () => {
    const user = await renderLoaded();
    await user.click(day('Thursday, 3 December 2026'));
    await user.click(addToCartButton());
    expect(addToCart.mock.calls[0]![0].preferredDateRange).toEqual({ from: '2026-12-03', to: '2026-12-03' });
  });

  it('says why when the cart refuses the item', async () => {
    addToCart.mockRejectedValue(new ApiError(400, 'Your cart is full'));
    const user = await renderLoaded();
    await user.click(day('Saturday, 5 December 2026'));
    await user.click(addToCartButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not add to cart: Your cart is full');
    expect(toastError).toHaveBeenCalledWith('Could not add to cart: Your cart is full');
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(pressedDays()).toEqual(['Saturday, 5 December 2026']);
    expect(addToCartButton()).toBeEnabled();
  });
});

describe('Slot selection: the provider’s availability', () => {
  const availability = jest.mocked(getAvailability);
  beforeEach(() => {
    availability.mockImplementation(async (serviceId, month) => ({
      serviceId,
      month,
      dailyCapacity: 1,
      unavailable:
        month === '2026-12'
          ? [
              { date: '2026-12-12', reason: 'full' as const },
              { date: '2026-12-20', reason: 'blocked' as const },
            ]
          : [],
    }));
  });

  it('asks for the month on show, and says which days cannot be booked and why; they cannot be chosen', async () => {
    const user = await renderLoaded();
    expect(availability).toHaveBeenCalledWith('s1', '2026-12', expect.any(AbortSignal));
    const full = await screen.findByRole('button', { name: 'Saturday, 12 December 2026, fully booked' });
    expect(full).toHaveAttribute('aria-disabled', 'true');
    expect(day('Sunday, 20 December 2026, not available')).toHaveAttribute('aria-disabled', 'true');
    await user.click(full);
    expect(pressedDays()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(availability).toHaveBeenCalledWith('s1', '2027-01', expect.any(AbortSignal));
  });

  it('a range across an unavailable day starts again from the day chosen, saying which day is in the way', async () => {
    const user = await renderLoaded();
    await screen.findByRole('button', { name: 'Saturday, 12 December 2026, fully booked' });
    await user.click(day('Thursday, 10 December 2026'));
    await user.click(day('Monday, 14 December 2026'));
    expect(screen.getByRole('status')).toHaveTextContent('12 Dec 2026 is fully booked: choose dates that leave it out.');
    expect(pressedDays()).toEqual(['Monday, 14 December 2026']);
    await user.click(day('Tuesday, 15 December 2026'));
    expect(pressedDays()).toEqual(['Monday, 14 December 2026', 'Tuesday, 15 December 2026']);
    expect(screen.queryByText(/choose dates that leave it out/)).not.toBeInTheDocument();
  });

  it('a booking the API refuses (the day filled up meanwhile) says why and asks for the month again', async () => {
    book.mockRejectedValue(new ApiError(409, 'Lens Studio is fully booked on 14 Dec 2026. Please choose other dates.'));
    const user = await renderLoaded();
    await screen.findByRole('button', { name: 'Saturday, 12 December 2026, fully booked' });
    await user.click(day('Monday, 14 December 2026'));
    const calls = availability.mock.calls.length;
    await user.click(bookNow());
    expect(await within(bar()).findByText(/fully booked on 14 Dec 2026/)).toBeInTheDocument();
    await waitFor(() => expect(availability.mock.calls.length).toBeGreaterThan(calls));
  });
});

describe('Slot selection: new dates for a booking (Change dates)', () => {
  const PAID = booking('b-paid', {
    status: 'confirmed',
    providerName: 'Lens Studio',
    preferredDateRange: { from: '2026-12-10', to: '2026-12-10' },
    preferredTime: { start: '09:00', end: '17:00' },
  });
  const RESCHEDULE_URL = `${URL}&reschedule=b-paid`;

  async function renderRescheduling() {
    // every day can be booked (an earlier test may have left other days)
    jest.mocked(getAvailability).mockImplementation(async (serviceId, month) => ({ serviceId, month, dailyCapacity: 1, unavailable: [] }));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute(RESCHEDULE_URL);
    await screen.findByRole('heading', { level: 2, name: 'New dates for your booking' });
    return user;
  }

  it('says what the booking has now; asks only for dates and times; proposes them and shows the booking on My Bookings', async () => {
    jest.mocked(getBooking).mockResolvedValue(PAID);
    jest.mocked(rescheduleBooking).mockResolvedValue({ ...PAID, reschedule: { preferredDateRange: { from: '2026-12-12', to: '2026-12-13' }, preferredTime: { start: '10:00', end: '14:00' } } });
    const user = await renderRescheduling();
    jest.mocked(getUserBookings).mockResolvedValue([booking('b-other'), PAID]);
    const current = screen.getByRole('region', { name: 'Changing the dates of your booking' });
    expect(current).toHaveTextContent('Now: 10 Dec 2026, 9:00 AM – 5:00 PM.');
    expect(current).toHaveTextContent('Lens Studio will accept or decline them.');
    expect(screen.queryByRole('region', { name: 'Gold Wedding Package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Note for provider' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();

    await user.click(day('Saturday, 12 December 2026'));
    await user.click(day('Sunday, 13 December 2026'));
    await user.selectOptions(startTime(), '10:00');
    await user.selectOptions(endTime(), '14:00');
    await user.click(screen.getByRole('button', { name: 'Propose new dates' }));
    await waitFor(() => expect(rescheduleBooking).toHaveBeenCalledTimes(1));
    expect(rescheduleBooking).toHaveBeenCalledWith('b-paid', { preferredDateRange: { from: '2026-12-12', to: '2026-12-13' }, preferredTime: { start: '10:00', end: '14:00' } });
    // My Bookings on the booking's tab, the booking in view with the focus on it
    expect(await screen.findByRole('tab', { name: 'Confirmed', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('article', { name: PAID.menuName })).toHaveFocus());
    expect(currentLocation()).toBe('/bookings?tab=confirmed');
    expect(toastSuccess).toHaveBeenCalledWith('New dates sent to the provider');
    expect(book).not.toHaveBeenCalled();
  });

  it("the calendar opens on the booking's month, not today's", async () => {
    jest.mocked(getBooking).mockResolvedValue({ ...PAID, preferredDateRange: { from: '2027-02-10', to: '2027-02-11' } });
    await renderRescheduling();
    expect(screen.getByRole('grid', { name: 'February 2027' })).toBeInTheDocument();
    // the booking's first day is where the keys start
    expect(day('Wednesday, 10 February 2027')).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
  });

  it('a booking that has begun: the calendar opens on the first day that can be chosen', async () => {
    jest.mocked(getBooking).mockResolvedValue({ ...PAID, preferredDateRange: { from: '2026-11-30', to: '2026-12-08' } });
    await renderRescheduling();
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(day('Thursday, 3 December 2026')).toHaveAttribute('tabindex', '0');
  });

  it("the API's refusal is said in the bar and a toast, and nothing moves", async () => {
    jest.mocked(getBooking).mockResolvedValue(PAID);
    jest.mocked(rescheduleBooking).mockRejectedValue(new ApiError(409, 'New dates are already waiting for the provider’s answer.'));
    const user = await renderRescheduling();
    await user.click(day('Saturday, 12 December 2026'));
    await user.click(screen.getByRole('button', { name: 'Propose new dates' }));
    expect(await within(bar()).findByRole('alert')).toHaveTextContent('Could not send the new dates: New dates are already waiting for the provider’s answer.');
    expect(toastError).toHaveBeenCalledWith('Could not send the new dates: New dates are already waiting for the provider’s answer.');
    expect(currentLocation()).toBe(RESCHEDULE_URL);
  });

  it('a booking that cannot move (a request) says so', async () => {
    jest.mocked(getBooking).mockResolvedValue({ ...PAID, status: 'requested' });
    renderRoute(RESCHEDULE_URL);
    expect(await screen.findByText('This booking can no longer be moved to other dates.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});

describe('Slot selection: dates in the address, drawn by the server', () => {
  const DATED_URL = `${URL}&from=2026-12-05&to=2026-12-07`;
  // what the host's server fetched with the page (the slot page's preload) and the browser hydrates with
  const answers: [string, PageAnswer][] = [
    [JSON.stringify(catalogResources.menu('m1').key), { ok: true, data: menuResponse() }],
    [JSON.stringify(userResources.addresses('user-1').key), { ok: true, data: [savedAddress('a1')] }],
  ];
  beforeEach(() => cacheOf(utsavStore).hydrate(answers));
  const page = (
    <MemoryRouter initialEntries={[DATED_URL]}>
      <SlotSelectionPage />
    </MemoryRouter>
  );

  it('the page is drawn with the dates and the newest saved address chosen, and Book Now takes a tap', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(within(container).getByRole('button', { name: 'Saturday, 5 December 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(container).getByRole('button', { name: 'Monday, 7 December 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(container).getByRole('radio', { name: /12 MG Road/ })).toBeChecked();
    expect(within(container).getByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(loadMenu).not.toHaveBeenCalled();
  });

  it('Book Now books those dates at that address', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(page);
    await user.click(bookNow());
    await waitFor(() => expect(book).toHaveBeenCalledTimes(1));
    expect(book.mock.calls[0]![0]).toMatchObject({ preferredDateRange: { from: '2026-12-05', to: '2026-12-07' }, addressId: 'a1', menuId: 'm1' });
    expect(loadMenu).not.toHaveBeenCalled();
    expect(getAddresses).not.toHaveBeenCalled();
  });
});
