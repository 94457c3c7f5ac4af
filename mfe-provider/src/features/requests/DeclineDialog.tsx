import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { declineBooking } from '@utsav/contracts/provider';
import { DECLINE_NOTE_MAX_LENGTH, DECLINE_REASONS, type DeclineReason, type ProviderBooking } from '@utsav/contracts/schemas';
import { useProviderT, type ProviderMessage } from '../../i18n';

export const DECLINE_REASON_LABELS: Record<DeclineReason, ProviderMessage> = {
  fully_booked: 'decline.reason.fully_booked',
  not_available: 'decline.reason.not_available',
  outside_area: 'decline.reason.outside_area',
  package_unavailable: 'decline.reason.package_unavailable',
  other: 'decline.reason.other',
};

interface DeclineDialogProps {
  booking: ProviderBooking;
  /** the new dates its consumer proposed, not the request itself */
  newDates: boolean;
  open: boolean;
  onClose: () => void;
  onDeclined: (booking: ProviderBooking) => void;
}

/** Declines a request (or new dates) with one of the fixed reasons, which the consumer reads in their language; "Other" takes the provider's words. */
export function DeclineDialog({ booking, newDates, open, onClose, onDeclined }: DeclineDialogProps) {
  const t = useProviderT();
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<'reason' | 'note' | null>(null);
  const action = useDialogAction(() => {
    setMissing(null);
    onClose();
  });
  const confirm = () => {
    if (reason === '') return setMissing('reason');
    if (reason === 'other' && note.trim() === '') return setMissing('note');
    setMissing(null);
    void action.run(
      () => declineBooking(booking.bookingId, { reason, ...(note.trim() ? { note: note.trim() } : {}) }, { newDates }),
      t(newDates ? 'decline.newDates.done' : 'decline.done', { name: booking.consumer.name }),
      onDeclined,
    );
  };
  return (
    <ActionDialog
      open={open}
      title={t(newDates ? 'decline.newDates.title' : 'decline.title')}
      text={t(newDates ? 'decline.newDates.text' : 'decline.text', { name: booking.consumer.name })}
      error={action.error}
      pending={action.pending}
      close={action.close}
      keepLabel={t('decline.keep')}
      confirmLabel={t(newDates ? 'decline.newDates.confirm' : 'decline.confirm')}
      onConfirm={confirm}
      destructive
    >
      <FormControl error={missing === 'reason'} sx={{ mt: 1 }}>
        <FormLabel id="decline-reason">{t('decline.reason.label')}</FormLabel>
        <RadioGroup
          aria-labelledby="decline-reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as DeclineReason);
            setMissing(null);
          }}
        >
          {DECLINE_REASONS.map((code) => (
            <FormControlLabel key={code} value={code} control={<Radio />} label={t(DECLINE_REASON_LABELS[code])} sx={{ minHeight: 44 }} />
          ))}
        </RadioGroup>
        {missing === 'reason' && <FormLabel role="alert" sx={{ color: 'error.main' }}>{t('decline.reason.required')}</FormLabel>}
      </FormControl>
      <TextField
        label={t(reason === 'other' ? 'decline.note.required' : 'decline.note.label')}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          if (missing === 'note') setMissing(null);
        }}
        multiline
        minRows={2}
        fullWidth
        error={missing === 'note'}
        helperText={missing === 'note' ? t('decline.note.missing') : t('decline.note.help', { max: DECLINE_NOTE_MAX_LENGTH })}
        slotProps={{ htmlInput: { maxLength: DECLINE_NOTE_MAX_LENGTH } }}
        sx={{ mt: 2 }}
      />
    </ActionDialog>
  );
}
