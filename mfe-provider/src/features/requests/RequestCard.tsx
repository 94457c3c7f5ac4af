import { useState } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { errorMessage, Facts, paths, toast, useChange, useLocale } from '@utsav/contracts';
import { acceptBooking, showProviderBookingChange } from '@utsav/contracts/provider';
import type { ProviderBooking } from '@utsav/contracts/schemas';
import { useBookingFacts } from '../bookings';
import { DeclineDialog } from './DeclineDialog';
import { useProviderT } from '../../i18n';
import { BusyButton } from '@utsav/contracts/busy-button';

/**
 * A request waiting for the provider's answer — a new booking, or new dates its consumer proposed — with
 * everything needed to answer it, and Accept and Decline. A 409 (the day is full or blocked) says why.
 */
export function RequestCard({ booking, readOnly = false }: { booking: ProviderBooking; readOnly?: boolean }) {
  const t = useProviderT();
  const locale = useLocale();
  const facts = useBookingFacts();
  const newDates = booking.status !== 'requested' && booking.reschedule !== undefined;
  const accepting = useChange(() => acceptBooking(booking.bookingId, { newDates }));
  const [declining, setDeclining] = useState(false);
  const title = t(newDates ? 'request.newDates.title' : 'request.title', { name: booking.consumer.name });

  const accept = async () => {
    const outcome = await accepting.run();
    if (outcome.ok) {
      showProviderBookingChange(outcome.value);
      toast.success(t(newDates ? 'request.newDates.accepted' : 'request.accepted', { name: booking.consumer.name }));
    } else if ('error' in outcome) {
      toast.error(t('request.acceptFailed', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  };

  return (
    <Card component="article" variant="outlined" aria-label={title} data-booking-id={booking.bookingId}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Facts rows={facts(booking)} dense />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={paths.providerBooking(booking.bookingId)} sx={{ minHeight: 48, mr: 'auto' }}>
            {t('request.details')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDeclining(true)} disabled={readOnly || accepting.pending} sx={{ minHeight: 48 }}>
            {t('request.decline')}
          </Button>
          <BusyButton variant="contained" onClick={() => void accept()} disabled={readOnly} busy={accepting.pending}>
            {t('request.accept')}
          </BusyButton>
        </Box>
      </CardContent>
      <DeclineDialog booking={booking} newDates={newDates} open={declining} onClose={() => setDeclining(false)} onDeclined={showProviderBookingChange} />
    </Card>
  );
}
