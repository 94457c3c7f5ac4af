import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useSession } from '@utsav/contracts';
import { blockDay, getProviderCalendar, getProviderListings, setDailyCapacity, unblockDay } from '@utsav/contracts/provider';
import type { CalendarDay, ProviderAvailability } from '@utsav/contracts/schemas';
import { LISTINGS, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

/** A month far ahead, so every day of it can still be changed. */
const MONTH = '2027-03';

function day(date: string, extra: Partial<CalendarDay> = {}): CalendarDay {
  return { date, requested: 0, accepted: 0, confirmed: 0, held: 0, capacity: 2, free: 2, blocked: null, ...extra };
}

function march({ blocked = false } = {}): ProviderAvailability {
  const days = Array.from({ length: 31 }, (_, index) => {
    const date = `${MONTH}-${String(index + 1).padStart(2, '0')}`;
    if (index === 4) return day(date, { confirmed: 1, held: 1, free: 1, requested: 1 });
    if (index === 5) return day(date, { confirmed: 2, held: 2, free: 0 });
    if (index === 9 && blocked) return day(date, { free: 0, blocked: { reason: 'Family function' } });
    return day(date);
  });
  return { providerId: 'p-1', dailyCapacity: 2, blockedDays: [], calendar: { month: MONTH, days } };
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  jest.mocked(getProviderCalendar).mockResolvedValue(march());
});

it("shows the month's days from Sunday, with what is booked, full and free", async () => {
  renderRoute(`/provider/calendar?month=${MONTH}`);
  const month = await screen.findByRole('group', { name: 'March 2027: tap a day to see it or block it' }, { timeout: 5_000 });
  expect(getProviderCalendar).toHaveBeenCalledWith('p-1', MONTH, expect.anything());
  const days = within(month).getAllByRole('button');
  expect(days).toHaveLength(31);
  expect(days[4]).toHaveAccessibleName('5 Mar 2027: 1 booked, 1 requested, 1 free');
  expect(days[5]).toHaveAccessibleName('6 Mar 2027: 2 booked, 0 requested, full');
  expect(screen.getByRole('link', { name: 'Next month' })).toHaveAttribute('href', '/provider/calendar?month=2027-04');
});

it('blocks a day with a reason and asks for the month again', async () => {
  const user = userEvent.setup();
  const success = jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.mocked(blockDay).mockResolvedValue({ providerId: 'p-1', dailyCapacity: 2, blockedDays: [{ date: `${MONTH}-10`, reason: 'Family function' }] });
  renderRoute(`/provider/calendar?month=${MONTH}`);
  await user.click(await screen.findByRole('button', { name: /^10 Mar 2027:/ }, { timeout: 5_000 }));
  const dialog = screen.getByRole('dialog', { name: '10 Mar 2027' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason (only you see it)' }), 'Family function');
  jest.mocked(getProviderCalendar).mockResolvedValue(march({ blocked: true }));
  await user.click(within(dialog).getByRole('button', { name: 'Block day' }));
  expect(blockDay).toHaveBeenCalledWith('p-1', `${MONTH}-10`, 'Family function');
  expect(success).toHaveBeenCalledWith('10 Mar 2027 is blocked.');
  expect(await screen.findByRole('button', { name: '10 Mar 2027: 0 booked, 0 requested, blocked' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: '10 Mar 2027: 0 booked, 0 requested, blocked' }));
  const again = screen.getByRole('dialog', { name: '10 Mar 2027' });
  expect(within(again).getByText('Family function')).toBeInTheDocument();
  jest.mocked(unblockDay).mockResolvedValue({ providerId: 'p-1', dailyCapacity: 2, blockedDays: [] });
  jest.mocked(getProviderCalendar).mockResolvedValue(march());
  await user.click(within(again).getByRole('button', { name: 'Take bookings again' }));
  expect(unblockDay).toHaveBeenCalledWith('p-1', `${MONTH}-10`);
  expect(await screen.findByRole('button', { name: '10 Mar 2027: 0 booked, 0 requested, 2 free' })).toBeInTheDocument();
});

it('sets the daily capacity, refusing what is not a whole number from 1 to 100', async () => {
  const user = userEvent.setup();
  jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.mocked(setDailyCapacity).mockResolvedValue({ providerId: 'p-1', dailyCapacity: 3, blockedDays: [] });
  renderRoute(`/provider/calendar?month=${MONTH}`);
  const field = await screen.findByRole('textbox', { name: 'Bookings you take a day' }, { timeout: 5_000 });
  expect(field).toHaveValue('2');
  await user.clear(field);
  await user.type(field, '0');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Enter a whole number from 1 to 100')).toBeInTheDocument();
  expect(setDailyCapacity).not.toHaveBeenCalled();
  await user.clear(field);
  await user.type(field, '3');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(setDailyCapacity).toHaveBeenCalledWith('p-1', 3));
});
