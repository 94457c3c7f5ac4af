import TextField from '@mui/material/TextField';
import { BOOKING_NOTE_MAX_LENGTH } from '@utsav/contracts';
import { useBookingT } from '../../i18n';

/** Spec §2: 'Note for provider', at most BOOKING_NOTE_MAX_LENGTH characters, with a counter. */
export function NoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useBookingT();
  return (
    <TextField
      id="slot-note"
      label={t('slots.note')}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, BOOKING_NOTE_MAX_LENGTH))}
      multiline
      minRows={3}
      fullWidth
      helperText={`${value.length}/${BOOKING_NOTE_MAX_LENGTH}`}
      slotProps={{ htmlInput: { maxLength: BOOKING_NOTE_MAX_LENGTH }, formHelperText: { sx: { textAlign: 'right', mx: 0 } } }}
    />
  );
}
