import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { formatDate, Facts, useLocale } from '@utsav/contracts';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { blockDay, unblockDay } from '@utsav/contracts/provider';
import type { CalendarDay, ProviderAvailability } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';

const BLOCK_REASON_MAX_LENGTH = 200;

interface DayDialogProps {
  providerId: string;
  day: CalendarDay | null;
  onClose: () => void;
  onChanged: (availability: ProviderAvailability) => void;
}

/** One day of the calendar: what is booked on it, and blocking it (with a reason) or taking bookings again. */
export function DayDialog({ providerId, day, onClose, onChanged }: DayDialogProps) {
  const t = useProviderT();
  const locale = useLocale();
  const [reason, setReason] = useState('');
  const action = useDialogAction(() => {
    setReason('');
    onClose();
  });
  if (!day) return null;
  const date = formatDate(day.date, locale);
  const blocked = day.blocked !== null;
  const confirm = () =>
    void action.run(
      () => (blocked ? unblockDay(providerId, day.date) : blockDay(providerId, day.date, reason.trim())),
      t(blocked ? 'calendar.unblocked' : 'calendar.blocked', { date }),
      onChanged,
    );
  const rows: [string, string][] = [
    [t('calendar.day.confirmed'), String(day.confirmed)],
    [t('calendar.day.accepted'), String(day.accepted)],
    [t('calendar.day.requested'), String(day.requested)],
    [t('calendar.day.free'), t('calendar.day.freeOf', { free: day.free, capacity: day.capacity })],
  ];
  if (day.blocked) rows.push([t('calendar.day.blockedReason'), day.blocked.reason || t('calendar.day.noReason')]);
  return (
    <ActionDialog
      open
      title={date}
      text={t(blocked ? 'calendar.day.unblockText' : 'calendar.day.blockText')}
      error={action.error}
      pending={action.pending}
      close={action.close}
      keepLabel={t('calendar.day.close')}
      confirmLabel={t(blocked ? 'calendar.day.unblock' : 'calendar.day.block')}
      onConfirm={confirm}
      destructive={!blocked}
    >
      <Facts rows={rows} dense />
      {!blocked && (
        <TextField
          label={t('calendar.day.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          helperText={t('calendar.day.reasonHelp')}
          slotProps={{ htmlInput: { maxLength: BLOCK_REASON_MAX_LENGTH } }}
          fullWidth
        />
      )}
    </ActionDialog>
  );
}
