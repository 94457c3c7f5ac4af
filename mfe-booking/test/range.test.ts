import { dayRole, EMPTY_RANGE, nextRange, rangeFromAddress, type DateRange } from '../src/features/slots/range';
import { DATE_RANGE_MESSAGE, slotSelectionSchema, TIME_RANGE_MESSAGE } from '@utsav/contracts/schemas';
import { SLOT_MESSAGES } from '@utsav/contracts/slot-rules';
import { cartItem, selectionSummary } from '../src/features/slots/selection';
import { checkSelection } from './support/slot-check';
import { dayForKey } from '../src/features/slots/calendar-keys';

const range = (start: string | null, end: string | null = null): DateRange => ({ start, end });

describe('dates named by the slot page\'s address (from, to)', () => {
  it('chooses a day, or a range of days', () => {
    expect(rangeFromAddress('2026-12-05', null)).toEqual(range('2026-12-05'));
    expect(rangeFromAddress('2026-12-05', '2026-12-07')).toEqual(range('2026-12-05', '2026-12-07'));
    expect(rangeFromAddress('2026-12-05', '2026-12-05')).toEqual(range('2026-12-05'));
  });

  it('chooses nothing for what is not a calendar date, and one day for an end that is not after the start', () => {
    expect(rangeFromAddress(null, '2026-12-07')).toEqual(EMPTY_RANGE);
    expect(rangeFromAddress('2026-02-30', null)).toEqual(EMPTY_RANGE);
    expect(rangeFromAddress('soon', '2026-12-07')).toEqual(EMPTY_RANGE);
    expect(rangeFromAddress('2026-12-05', '2026-12-01')).toEqual(range('2026-12-05'));
    expect(rangeFromAddress('2026-12-05', 'later')).toEqual(range('2026-12-05'));
  });
});

describe('date range rules (spec §4)', () => {
  it('sets the start with the first click', () => {
    expect(nextRange(EMPTY_RANGE, '2026-12-05')).toEqual(range('2026-12-05'));
  });

  it('sets the end with a second click on a later date', () => {
    expect(nextRange(range('2026-12-05'), '2026-12-07')).toEqual(range('2026-12-05', '2026-12-07'));
  });

  it('sets the end with a second click on the start date itself', () => {
    expect(nextRange(range('2026-12-05'), '2026-12-05')).toEqual(range('2026-12-05', '2026-12-05'));
  });

  it('restarts with a click before the start', () => {
    expect(nextRange(range('2026-12-05'), '2026-12-04')).toEqual(range('2026-12-04'));
  });

  it('restarts with any click when both ends are set, even inside the range or after it', () => {
    expect(nextRange(range('2026-12-05', '2026-12-07'), '2026-12-06')).toEqual(range('2026-12-06'));
    expect(nextRange(range('2026-12-05', '2026-12-07'), '2026-12-20')).toEqual(range('2026-12-20'));
    expect(nextRange(range('2026-12-05', '2026-12-07'), '2026-12-01')).toEqual(range('2026-12-01'));
  });

  it('tells each day where it stands', () => {
    const chosen = range('2026-12-05', '2026-12-07');
    expect(dayRole(chosen, '2026-12-04')).toBeNull();
    expect(dayRole(chosen, '2026-12-05')).toBe('start');
    expect(dayRole(chosen, '2026-12-06')).toBe('inRange');
    expect(dayRole(chosen, '2026-12-07')).toBe('end');
    expect(dayRole(chosen, '2026-12-08')).toBeNull();
    expect(dayRole(range('2026-12-05'), '2026-12-05')).toBe('startEnd');
    expect(dayRole(EMPTY_RANGE, '2026-12-05')).toBeNull();
  });
});

describe('calendar keys', () => {
  const today = '2026-12-03';
  it.each([
    ['ArrowRight', false, '2026-12-10', '2026-12-11'],
    ['ArrowLeft', false, '2026-12-10', '2026-12-09'],
    ['ArrowDown', false, '2026-12-10', '2026-12-17'],
    ['ArrowUp', false, '2026-12-17', '2026-12-10'],
    ['Home', false, '2026-12-10', '2026-12-06'],
    ['End', false, '2026-12-10', '2026-12-12'],
    ['PageDown', false, '2026-12-31', '2027-01-31'],
    ['PageDown', false, '2027-01-31', '2027-02-28'],
    ['PageUp', false, '2027-01-15', '2026-12-15'],
    ['PageDown', true, '2026-12-10', '2027-12-10'],
    ['ArrowRight', false, '2026-12-31', '2027-01-01'],
  ])('%s (shift %s) moves from %s to %s', (key, shift, from, to) => {
    expect(dayForKey(key, from, today, shift)).toBe(to);
  });

  it('never moves before the first day that can be chosen', () => {
    expect(dayForKey('ArrowLeft', today, today)).toBe(today);
    expect(dayForKey('ArrowUp', '2026-12-05', today)).toBe(today);
    expect(dayForKey('PageUp', '2026-12-20', today)).toBe(today);
    expect(dayForKey('Home', '2026-12-04', today)).toBe(today);
  });

  it('ignores other keys', () => {
    expect(dayForKey('a', today, today)).toBeNull();
    expect(dayForKey('Enter', today, today)).toBeNull();
  });
});

describe('selection checks (spec §5)', () => {
  const times = { startTime: '09:00', endTime: '17:00' };

  it("asks for dates first: 'Please select a valid date range.'", () => {
    expect(checkSelection({ range: EMPTY_RANGE, ...times })).toEqual({ ok: false, message: DATE_RANGE_MESSAGE });
    expect(checkSelection({ range: EMPTY_RANGE, startTime: '', endTime: '' })).toEqual({ ok: false, message: 'Please select a valid date range.' });
  });

  it("asks for both times: 'Please select a valid time range.'", () => {
    const dates = range('2026-12-05');
    expect(checkSelection({ range: dates, startTime: '', endTime: '17:00' })).toEqual({ ok: false, message: TIME_RANGE_MESSAGE });
    expect(checkSelection({ range: dates, startTime: '09:00', endTime: '' })).toEqual({ ok: false, message: 'Please select a valid time range.' });
    expect(checkSelection({ range: dates, startTime: '9am', endTime: '17:00' })).toEqual({ ok: false, message: TIME_RANGE_MESSAGE });
  });

  it("wants the end time after the start time: 'The end time must be after the start time.'", () => {
    const dates = range('2026-12-05');
    expect(checkSelection({ range: dates, startTime: '12:00', endTime: '12:00' })).toEqual({ ok: false, message: SLOT_MESSAGES.endTimeNotAfterStart });
    expect(checkSelection({ range: dates, startTime: '17:00', endTime: '09:00' })).toEqual({
      ok: false,
      message: 'The end time must be after the start time.',
    });
    expect(checkSelection({ range: dates, startTime: '17:00', endTime: '18:00' }).ok).toBe(true);
  });

  it('takes the start date as the end when no end is chosen', () => {
    expect(checkSelection({ range: range('2026-12-05'), ...times })).toEqual({
      ok: true,
      slot: { preferredDateRange: { from: '2026-12-05', to: '2026-12-05' }, preferredTime: { start: '09:00', end: '17:00' } },
    });
    expect(checkSelection({ range: range('2026-12-05', '2026-12-07'), ...times })).toEqual({
      ok: true,
      slot: { preferredDateRange: { from: '2026-12-05', to: '2026-12-07' }, preferredTime: { start: '09:00', end: '17:00' } },
    });
  });

  it('sums the selection up for the bottom bar', () => {
    expect(selectionSummary({ range: EMPTY_RANGE, ...times })).toBe('Select dates');
    expect(selectionSummary({ range: range('2026-12-05'), ...times })).toBe('5 Dec · 9:00 AM – 5:00 PM');
    expect(selectionSummary({ range: range('2026-12-05', '2026-12-07'), ...times })).toBe('5 Dec – 7 Dec · 9:00 AM – 5:00 PM');
    expect(selectionSummary({ range: range('2026-12-30', '2027-01-02'), startTime: '08:00', endTime: '18:00' })).toBe(
      '30 Dec – 2 Jan · 8:00 AM – 6:00 PM',
    );
  });

  it('asks for an address: the API\'s words', () => {
    const result = slotSelectionSchema().safeParse({ range: range('2026-12-05'), ...times, note: '', addressId: null });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Choose where the service should happen']);
  });

  it('builds the cart item with a trimmed note', () => {
    const slot = slotSelectionSchema().parse({ range: range('2026-12-05', '2026-12-07'), startTime: '10:00', endTime: '14:00', note: ' x ', addressId: 'a1' });
    const pkg = { menuId: 'm1', menuName: 'Gold', serviceId: 's1', price: 9_000_000 };
    expect(cartItem(slot, pkg)).toEqual({
      addressId: 'a1',
      serviceId: 's1',
      menuId: 'm1',
      quantity: 1,
      preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
      preferredTime: { start: '10:00', end: '14:00' },
      note: 'x',
    });
  });
});
