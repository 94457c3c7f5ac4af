import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAddresses, useSession } from '@utsav/contracts';
import { addCartItem, createBooking, getUserBookings } from '@utsav/contracts/booking';
import { getMenu } from '@utsav/contracts/catalog';
import { SLOT_MESSAGES } from '@utsav/contracts/slot-rules';
import { booking, cart, menuResponse, savedAddress, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking', () => ({
  // every day can be booked unless a test says otherwise
  getAvailability: jest.fn(async (serviceId: string, month: string) => ({ serviceId, month, dailyCapacity: 1, unavailable: [] })),
  createBooking: jest.fn(),
  addCartItem: jest.fn(),
  getUserBookings: jest.fn(),
  getBooking: jest.fn(),
  getCart: jest.fn(),
}));
// the service (where its provider is based) stays on its way unless a test gives one
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn(() => new Promise(() => {})) }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn(), getAddresses: jest.fn(), addAddress: jest.fn() }));

/**
 * The slot page follows the shared slot rules (@utsav/contracts/slot-rules): India's date is today, the
 * 365-day limit ends the calendar, and start hours gone today (India's clock) are disabled.
 */

const URL = '/service/slots?serviceId=s1&package=m1';
const book = jest.mocked(createBooking);

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getMenu).mockResolvedValue(menuResponse());
  book.mockResolvedValue(booking('b1'));
  jest.mocked(addCartItem).mockResolvedValue(cart());
  jest.mocked(getUserBookings).mockResolvedValue([]);
  // the saved address the slot page preselects (Book Now waits for one)
  jest.mocked(getAddresses).mockResolvedValue([savedAddress('a1')]);
});

afterEach(() => {
  jest.useRealTimers();
});

async function renderAt(now: string) {
  jest.setSystemTime(new Date(now));
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(URL);
  await screen.findByRole('heading', { level: 2, name: 'Gold Wedding Package' });
  await screen.findByText('12 MG Road, Indiranagar, Bengaluru, Karnataka 560038');
  return user;
}

const day = (name: string) => within(screen.getByRole('grid')).getByRole('button', { name });
const startTime = () => screen.getByRole('combobox', { name: 'Start Time' });
const endTime = () => screen.getByRole('combobox', { name: 'End Time' });
const disabledStarts = () =>
  within(startTime())
    .getAllByRole('option')
    .filter((option) => (option as HTMLOptionElement).disabled)
    .map((option) => (option as HTMLOptionElement).value);

describe('today is India’s date, not the phone’s', () => {
  it('just after midnight in India (still the 3rd on a phone in UTC or further west) today is India’s day', async () => {
    await renderAt('2026-12-03T19:00:00Z'); // India: 4 December, 00:30
    expect(day('Friday, 4 December 2026')).toHaveAttribute('aria-current', 'date');
    expect(day('Thursday, 3 December 2026')).toBeDisabled();
    expect(day('Friday, 4 December 2026')).toBeEnabled();
  });

  it('just before midnight in India, India’s day is still today', async () => {
    await renderAt('2026-12-03T18:20:00Z'); // India: 3 December, 23:50; the phone: 3 December, 13:20
    expect(day('Thursday, 3 December 2026')).toHaveAttribute('aria-current', 'date');
    // but no start hour is left today: the first day to choose is tomorrow, and the page says why
    expect(day('Thursday, 3 December 2026')).toBeDisabled();
    expect(day('Friday, 4 December 2026')).toBeEnabled();
    expect(screen.getByText(/Today’s start times have passed \(India time\)\./)).toBeInTheDocument();
  });
});

describe('the 365-day limit', () => {
  it('disables the days after it, and neither the month buttons nor the keys go past it', async () => {
    const user = await renderAt('2026-12-03T07:30:00+05:30');
    expect(screen.getByText(/Dates up to 3 Dec 2027 \(365 days ahead\)\./)).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next month' });
    for (let month = 0; month < 12; month++) await user.click(next);
    expect(screen.getByRole('grid', { name: 'December 2027' })).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(day('Friday, 3 December 2027')).toBeEnabled();
    expect(day('Saturday, 4 December 2027')).toBeDisabled();
    expect(day('Friday, 31 December 2027')).toBeDisabled();

    // the keys stop at the last day
    day('Friday, 3 December 2027').focus();
    await user.keyboard('{ArrowRight}');
    expect(day('Friday, 3 December 2027')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{PageDown}');
    expect(day('Friday, 3 December 2027')).toHaveFocus();
    await user.click(day('Saturday, 4 December 2027'));
    expect(screen.getByRole('region', { name: 'Your selection' })).toHaveTextContent('Select dates');
  });

  it('Shift+PageDown (a year) from today lands on the last day, not beyond', async () => {
    const user = await renderAt('2026-12-10T07:30:00+05:30');
    day('Thursday, 10 December 2026').focus();
    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(screen.getByRole('grid', { name: 'December 2027' })).toBeInTheDocument();
    expect(day('Friday, 10 December 2027')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(day('Friday, 10 December 2027')).toHaveFocus();
  });
});

describe('start hours already gone today (India’s clock)', () => {
  it('at 10:30 in India, today offers 11:00 AM onwards, says why, and the end stays after the start', async () => {
    const user = await renderAt('2026-12-03T10:30:00+05:30');
    await user.click(day('Thursday, 3 December 2026'));
    expect(disabledStarts()).toEqual(['08:00', '09:00', '10:00']);
    expect(startTime()).toHaveValue('11:00'); // the default 9:00 AM has gone
    expect(endTime()).toHaveValue('17:00');
    expect(startTime()).toHaveAccessibleDescription('Today, start times before 11:00 AM have passed (India time).');

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(book).toHaveBeenCalledTimes(1);
    expect(book.mock.calls[0]![0]).toMatchObject({
      bookingDate: '2026-12-03',
      preferredDateRange: { from: '2026-12-03', to: '2026-12-03' },
      preferredTime: { start: '11:00', end: '17:00' },
    });
  });

  it('another day offers every hour again', async () => {
    const user = await renderAt('2026-12-03T10:30:00+05:30');
    await user.click(day('Thursday, 3 December 2026'));
    await user.click(day('Thursday, 3 December 2026')); // ends on the same day
    await user.click(day('Friday, 4 December 2026')); // restarts on the 4th
    expect(disabledStarts()).toEqual([]);
    expect(screen.queryByText(/have passed \(India time\)/)).not.toBeInTheDocument();
  });

  it('with no date chosen yet, nothing is disabled', async () => {
    await renderAt('2026-12-03T16:30:00+05:30');
    expect(disabledStarts()).toEqual([]);
  });

  it('a page left open: when the hour turns, the gone hour is disabled and the choice moves on', async () => {
    const user = await renderAt('2026-12-03T10:30:00+05:30');
    await user.click(day('Thursday, 3 December 2026'));
    await user.selectOptions(startTime(), '11:00');
    await act(async () => {
      jest.advanceTimersByTime(35 * 60_000); // 11:05 in India
    });
    expect(disabledStarts()).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(startTime()).toHaveValue('12:00');
  });

  it('the shared message is the one the API sends for a gone start hour', () => {
    expect(SLOT_MESSAGES.startHourGone).toBe('That start time has already passed today (India time). Choose a later hour or another day.');
  });
});
