import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { CALENDAR_WEEKS, formatDate, useLocale, visuallyHidden } from '@utsav/contracts';
import { bookingWindow, isBookableStartDate, MAX_DAYS_AHEAD, type IndiaTime } from '@utsav/contracts/slot-rules';
import type { UnavailableReason } from '@utsav/contracts/schemas';
import {
  addDays,
  addMonths,
  compareIso,
  formatFullDate,
  formatMonthTitle,
  isoFromParts,
  maxIso,
  minIso,
  monthOf,
  monthWeeks,
  sameMonth,
  shiftMonth,
  weekdayName,
  WEEKDAYS,
  weekdayShort,
  type IsoDate,
  type MonthRef,
} from '../../shared/dates';
import { dayForKey } from './calendar-keys';
import { dayRole, type DateRange, type DayRole } from './range';
import { UNAVAILABLE_DAY } from './unavailable-text';
import { useBookingT } from '../../i18n';

interface CalendarProps {
  range: DateRange;
  /**
   * India's date and time now (@utsav/contracts/slot-rules, as the API reads them): days before India's
   * today, days past the 365-day limit and today once its last start hour is gone can't be chosen
   */
  at: IndiaTime;
  onSelect: (day: IsoDate) => void;
  /** days the provider cannot take a booking on (fully booked, or away): shown struck through, not chosen */
  unavailable?: ReadonlyMap<IsoDate, UnavailableReason>;
  /** the month on show, 'YYYY-MM', each time it changes (and at first): the page asks for its availability */
  onMonthShown?: (month: string) => void;
  /** the month's availability is on its way (the grid says so: aria-busy) */
  busy?: boolean;
  /**
   * the day to open on when nothing is chosen yet (new dates for a booking: its current start date), instead of
   * today; kept within the booking window
   */
  openOn?: IsoDate;
}

const NONE_UNAVAILABLE: ReadonlyMap<IsoDate, UnavailableReason> = new Map();

const DAY_SIZE = 48;

function dayStyle(role: DayRole, isToday: boolean) {
  const ends = role === 'start' || role === 'end' || role === 'startEnd';
  return {
    width: '100%',
    maxWidth: DAY_SIZE,
    height: DAY_SIZE,
    mx: 'auto',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    p: 0,
    border: 0,
    borderRadius: ends ? '50%' : 1,
    font: 'inherit',
    fontSize: '0.9375rem',
    fontWeight: ends || isToday ? 700 : 400,
    cursor: 'pointer',
    color: ends ? 'primary.contrastText' : 'text.primary',
    bgcolor: ends ? 'primary.main' : role === 'inRange' ? 'rgba(156, 31, 79, 0.12)' : 'transparent',
    boxShadow: isToday && !ends ? 'inset 0 0 0 2px currentColor' : 'none',
    '&:hover:not(:disabled):not([aria-disabled="true"])': { bgcolor: ends ? 'primary.dark' : 'rgba(156, 31, 79, 0.2)' },
    '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
    '&:disabled, &[aria-disabled="true"]': { color: 'text.disabled', cursor: 'default', textDecoration: 'line-through' },
  } as const;
}

/**
 * Spec §2/§4 Slot selection calendar: a month grid, Sunday first, with previous/next month, as an
 * ARIA grid with a roving tab stop (one day is tabbable; the arrow keys, Home/End and
 * PageUp/PageDown move it). Days outside the booking window (India's today … 365 days on) are disabled
 * and neither the keys nor the month buttons go there. Days the provider cannot take (`unavailable`) stay
 * focusable, so the keys and a screen reader still pass them, but say why and cannot be chosen.
 */
export function Calendar({ range, at, onSelect, unavailable = NONE_UNAVAILABLE, onMonthShown, busy = false, openOn }: CalendarProps) {
  const t = useBookingT();
  const locale = useLocale();
  const titleId = useId();
  const hintId = useId();
  const limitId = useId();
  const { last } = bookingWindow(at);
  // the first day a slot can start: today, or tomorrow once today's last start hour is gone (India's clock)
  const today = isBookableStartDate(at.date, at) ? at.date : addDays(at.date, 1);
  const isDisabled = (day: IsoDate) => compareIso(day, today) < 0 || compareIso(day, last) > 0;
  const startLabelId = useId();
  const endLabelId = useId();
  const gridRef = useRef<HTMLTableElement>(null);

  const [focused, setFocused] = useState<IsoDate>(() => range.start ?? (openOn ? minIso(maxIso(openOn, today), last) : today));
  const [visible, setVisible] = useState<MonthRef>(() => monthOf(focused));
  /** the day the keyboard just moved to: it takes the focus once it is rendered (a click never moves focus) */
  const pendingFocus = useRef<IsoDate | null>(null);

  const shownMonth = isoFromParts(visible.year, visible.month, 1).slice(0, 7);
  useEffect(() => {
    onMonthShown?.(shownMonth);
  }, [onMonthShown, shownMonth]);

  useEffect(() => {
    const day = pendingFocus.current;
    if (day === null) return;
    pendingFocus.current = null;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${day}"]`)?.focus();
  });

  const weeks = monthWeeks(visible.year, visible.month, CALENDAR_WEEKS);
  const firstOfMonth = isoFromParts(visible.year, visible.month, 1);
  const todayMonth = monthOf(today);
  // nothing before this month can be chosen, so there is no going back past it
  const atFirstMonth = compareIso(firstOfMonth, isoFromParts(todayMonth.year, todayMonth.month, 1)) <= 0;
  // nothing after the limit's month either
  const lastMonth = monthOf(last);
  const atLastMonth = compareIso(firstOfMonth, isoFromParts(lastMonth.year, lastMonth.month, 1)) >= 0;
  const tabStop =
    sameMonth(monthOf(focused), visible) && !isDisabled(focused) ? focused : minIso(maxIso(firstOfMonth, today), last);

  function showMonth(by: number) {
    const next = shiftMonth(visible, by);
    setVisible(next);
    setFocused(minIso(maxIso(addMonths(tabStop, by), today), last));
  }

  function onDayKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: IsoDate) {
    const next = dayForKey(event.key, day, today, event.shiftKey, last);
    if (next === null) return;
    event.preventDefault();
    pendingFocus.current = next;
    setFocused(next);
    setVisible(monthOf(next));
  }

  function choose(day: IsoDate) {
    setFocused(day);
    if (!unavailable.has(day)) onSelect(day);
  }

  return (
    <Box sx={{ width: '100%', maxWidth: 420, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <IconButton aria-label={t('calendar.previousMonth')} onClick={() => showMonth(-1)} disabled={atFirstMonth} sx={{ width: 48, height: 48 }}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography id={titleId} component="h2" variant="h6" aria-live="polite" sx={{ fontWeight: 600, textAlign: 'center' }}>
          {formatMonthTitle(visible.year, visible.month, locale)}
        </Typography>
        <IconButton aria-label={t('calendar.nextMonth')} onClick={() => showMonth(1)} disabled={atLastMonth} sx={{ width: 48, height: 48 }}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mb: 1, textAlign: 'center' }}>
        {t('calendar.hint')}
      </Typography>
      <Typography id={limitId} variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1, textAlign: 'center' }}>
        {t(today !== at.date ? 'calendar.limitTodayGone' : 'calendar.limit', { last: formatDate(last, locale), days: MAX_DAYS_AHEAD })}
      </Typography>
      <Box component="span" id={startLabelId} sx={visuallyHidden}>
        {t('calendar.startDate')}
      </Box>
      <Box component="span" id={endLabelId} sx={visuallyHidden}>
        {t('calendar.endDate')}
      </Box>
      <Box
        component="table"
        ref={gridRef}
        role="grid"
        aria-busy={busy || undefined}
        aria-labelledby={titleId}
        aria-describedby={`${hintId} ${limitId}`}
        sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', borderSpacing: 0 }}
      >
        <thead>
          <tr role="row">
            {WEEKDAYS.map((weekday) => (
              <Box
                component="th"
                key={weekday}
                role="columnheader"
                scope="col"
                abbr={weekdayName(weekday, locale)}
                sx={{ p: 0, pb: 0.5, fontSize: '0.75rem', fontWeight: 600, color: 'text.secondary', textAlign: 'center' }}
              >
                {weekdayShort(weekday, locale)}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr role="row" key={week.find((day) => day !== null)}>
              {week.map((day, i) => {
                if (day === null) return <Box component="td" role="gridcell" key={`empty-${i}`} sx={{ p: 0, height: DAY_SIZE + 4 }} />;
                const role = dayRole(range, day);
                const isToday = day === at.date;
                const why = unavailable.get(day);
                const fullDate = formatFullDate(day, locale);
                const describedBy =
                  role === 'startEnd' ? `${startLabelId} ${endLabelId}` : role === 'start' ? startLabelId : role === 'end' ? endLabelId : undefined;
                return (
                  <Box component="td" role="gridcell" key={day} aria-selected={role !== null} sx={{ p: 0, py: '2px' }}>
                    <Box
                      component="button"
                      type="button"
                      data-date={day}
                      aria-label={why ? t(UNAVAILABLE_DAY[why], { date: fullDate }) : fullDate}
                      aria-disabled={why ? true : undefined}
                      aria-pressed={role !== null}
                      aria-current={isToday ? 'date' : undefined}
                      aria-describedby={describedBy}
                      disabled={isDisabled(day)}
                      tabIndex={day === tabStop ? 0 : -1}
                      onClick={() => choose(day)}
                      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => onDayKeyDown(event, day)}
                      sx={dayStyle(role, isToday)}
                    >
                      {Number(day.slice(8))}
                    </Box>
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
