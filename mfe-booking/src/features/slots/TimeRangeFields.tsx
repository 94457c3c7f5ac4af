import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTime12, useLocale } from '@utsav/contracts';
import { hourToTime, openStartHours, wholeHour, type IndiaTime } from '@utsav/contracts/slot-rules';
import { END_TIME_OPTIONS, START_TIME_OPTIONS, type TimeOption } from '../../shared/times';
import { useBookingT } from '../../i18n';

interface TimeRangeFieldsProps {
  startTime: string;
  endTime: string;
  /** the slot's first day (null: none chosen yet) and India's time now: a start hour gone today is disabled */
  startDate: string | null;
  at: IndiaTime;
  onStartChange: (value: string) => void;
  onEndChange: (value: string) => void;
}

interface TimeSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly TimeOption[];
  isDisabled: (value: string) => boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}

function TimeSelect({ id, label, value, options, isDisabled, describedBy, onChange }: TimeSelectProps) {
  const locale = useLocale();
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      // the phone's own picker: big targets, no popover to dismiss
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { sx: { minHeight: 24 }, 'aria-describedby': describedBy },
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={isDisabled(option.value)}>
          {formatTime12(option.value, locale)}
        </option>
      ))}
    </TextField>
  );
}

const NOTE_ID = 'slot-start-time-note';

/**
 * Spec §2/§5: the Start Time and End Time dropdowns, hourly, with 12-hour labels. The rules of
 * @utsav/contracts/slot-rules decide what is offered: on India's today, start hours already begun are
 * disabled (with a short reason); end times not after the start are disabled.
 */
export function TimeRangeFields({ startTime, endTime, startDate, at, onStartChange, onEndChange }: TimeRangeFieldsProps) {
  const t = useBookingT();
  const locale = useLocale();
  const open = startDate === null ? null : openStartHours(startDate, at);
  const firstOpen = open?.[0];
  const someGone = open !== null && open.length < START_TIME_OPTIONS.length;
  const start = wholeHour(startTime);
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
        <TimeSelect
          id="slot-start-time"
          label={t('times.start')}
          value={startTime}
          options={START_TIME_OPTIONS}
          isDisabled={(value) => open !== null && !open.includes(wholeHour(value) ?? -1)}
          describedBy={someGone ? NOTE_ID : undefined}
          onChange={onStartChange}
        />
        <TimeSelect
          id="slot-end-time"
          label={t('times.end')}
          value={endTime}
          options={END_TIME_OPTIONS}
          isDisabled={(value) => start !== null && (wholeHour(value) ?? -1) <= start}
          onChange={onEndChange}
        />
      </Box>
      {someGone && (
        <Typography id={NOTE_ID} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {firstOpen === undefined ? t('times.allGone') : t('times.someGone', { time: formatTime12(hourToTime(firstOpen), locale) })}
        </Typography>
      )}
    </Box>
  );
}
