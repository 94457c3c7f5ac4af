import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { errorMessage, toast, useChange, useLocale } from '@utsav/contracts';
import { setDailyCapacity } from '@utsav/contracts/provider';
import type { ProviderAvailability } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';

const MAX_CAPACITY = 100;

/** How many bookings a day the listing takes; the next request is checked against it. */
export function CapacityForm({ providerId, capacity, onChanged }: { providerId: string; capacity: number; onChanged: (availability: ProviderAvailability) => void }) {
  const t = useProviderT();
  const locale = useLocale();
  const [value, setValue] = useState(String(capacity));
  const [invalid, setInvalid] = useState(false);
  const saving = useChange(setDailyCapacity);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(value);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_CAPACITY) return setInvalid(true);
    const outcome = await saving.run(providerId, wanted);
    if (outcome.ok) {
      toast.success(t('calendar.capacity.saved', { count: wanted }));
      onChanged(outcome.value);
    } else if ('error' in outcome) {
      toast.error(t('calendar.capacity.failed', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('calendar.capacity.label')} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
      <TextField
        label={t('calendar.capacity.field')}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? t('calendar.capacity.invalid', { max: MAX_CAPACITY }) : t('calendar.capacity.help')}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        size="small"
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined" disabled={saving.pending} aria-busy={saving.pending} sx={{ minHeight: 40 }}>
        {t('calendar.capacity.save')}
      </Button>
    </Box>
  );
}
