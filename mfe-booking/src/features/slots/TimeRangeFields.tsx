import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { END_TIME_OPTIONS, START_TIME_OPTIONS, type TimeOption } from '../../shared/times';

interface TimeRangeFieldsProps {
  startTime: string;
  endTime: string;
  onStartChange: (value: string) => void;
  onEndChange: (value: string) => void;
}

function TimeSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: readonly TimeOption[]; onChange: (value: string) => void }) {
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      // the phone's own picker: big targets, no popover to dismiss
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { sx: { minHeight: 24 } } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** Spec §2/§5: the Start Time and End Time dropdowns, hourly, with 12-hour labels. */
export function TimeRangeFields({ startTime, endTime, onStartChange, onEndChange }: TimeRangeFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
      <TimeSelect id="slot-start-time" label="Start Time" value={startTime} options={START_TIME_OPTIONS} onChange={onStartChange} />
      <TimeSelect id="slot-end-time" label="End Time" value={endTime} options={END_TIME_OPTIONS} onChange={onEndChange} />
    </Box>
  );
}
