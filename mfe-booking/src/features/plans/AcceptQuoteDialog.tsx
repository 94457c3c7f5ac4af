import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BOOKING_NOTE_MAX_LENGTH, DEFAULT_END_TIME, DEFAULT_START_TIME, formatDate, formatINR, useLocale } from '@utsav/contracts';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { acceptQuote } from '@utsav/contracts/plans';
import type { Booking, Enquiry, Quote } from '@utsav/contracts/schemas';
import { AddressSection, TimeRangeFields, useIndiaTime } from '../slots';
import { usePlansT } from './i18n';

interface Props {
  enquiry: Enquiry;
  quote: Quote;
  onClose: () => void;
  onAccepted: (accepted: { booking: Booking; enquiry: Enquiry }) => void;
}

/**
 * Accepting a quote: where and when on the event's day, and a note. It becomes a booking request at the quoted price
 * (the server's refusal — a full day, an expired quote — is said here and nothing changes).
 */
export default function AcceptQuoteDialog({ enquiry, quote, onClose, onAccepted }: Props) {
  const t = usePlansT();
  const locale = useLocale();
  const at = useIndiaTime();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [startTime, setStartTime] = useState(DEFAULT_START_TIME);
  const [endTime, setEndTime] = useState(DEFAULT_END_TIME);
  const [note, setNote] = useState('');
  const { pending, error, close, run } = useDialogAction(onClose);
  const accept = () => {
    if (addressId === null) return;
    void run(() => acceptQuote(quote.quoteId, { addressId, preferredTime: { start: startTime, end: endTime }, note }), t('quote.accepted'), onAccepted);
  };
  return (
    <ActionDialog
      open
      title={t('quote.acceptTitle', { service: enquiry.service.title })}
      text={t('quote.acceptText', { total: formatINR(quote.total), advance: formatINR(quote.advance), date: formatDate(enquiry.event.date, locale) })}
      error={error}
      pending={pending}
      close={close}
      keepLabel={t('plans.form.keep')}
      confirmLabel={t('quote.sendRequest')}
      onConfirm={accept}
      ready={addressId !== null}
    >
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('quote.when')}
        </Typography>
        <TimeRangeFields startTime={startTime} endTime={endTime} startDate={enquiry.event.date} at={at} onStartChange={setStartTime} onEndChange={setEndTime} />
      </Box>
      <AddressSection selected={addressId} onSelect={setAddressId} />
      <TextField
        label={t('quote.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: BOOKING_NOTE_MAX_LENGTH } }}
      />
    </ActionDialog>
  );
}
