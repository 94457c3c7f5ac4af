import { slotSelectionSchema } from '../src/domain/schemas';
import { SLOT_MESSAGES } from '../src/domain/slot-rules';

const AT = { date: '2026-12-03', hour: 11, minute: 20 };
const chosen = (overrides: Record<string, unknown> = {}) => ({
  range: { start: '2026-12-05', end: null },
  startTime: '09:00',
  endTime: '17:00',
  note: '  Garden venue ',
  addressId: 'a1',
  ...overrides,
});
const problems = (values: unknown, at = AT) =>
  slotSelectionSchema(at).safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the slot form schema', () => {
  it('gives what a booking carries: the start as the end when none is chosen, the note trimmed', () => {
    expect(slotSelectionSchema(AT).parse(chosen())).toEqual({
      preferredDateRange: { from: '2026-12-05', to: '2026-12-05' },
      preferredTime: { start: '09:00', end: '17:00' },
      note: 'Garden venue',
      addressId: 'a1',
    });
  });

  it("says the page's words for a missing date, time or address", () => {
    expect(problems(chosen({ range: { start: null, end: null } }))).toEqual([['range.start', 'Please select a valid date range.']]);
    expect(problems(chosen({ startTime: '' }))).toEqual([['startTime', 'Please select a valid time range.']]);
    expect(problems(chosen({ addressId: null }))).toEqual([['addressId', 'Choose where the service should happen']]);
  });

  it("checks the API's slot rules at India's time now, on the form's fields", () => {
    expect(problems(chosen({ range: { start: '2026-12-03', end: null }, startTime: '11:00', endTime: '12:00' }))).toEqual([
      ['startTime', SLOT_MESSAGES.startHourGone],
    ]);
    expect(problems(chosen({ range: { start: '2026-12-05', end: '2027-12-31' } }))).toEqual([['range', SLOT_MESSAGES.tooFarAhead]]);
    expect(problems(chosen({ startTime: '12:00', endTime: '12:00' }))).toEqual([['endTime', SLOT_MESSAGES.endTimeNotAfterStart]]);
    // without India's time only the form's own checks run
    expect(slotSelectionSchema().safeParse(chosen({ range: { start: '2020-01-01', end: null } })).success).toBe(true);
  });
});
