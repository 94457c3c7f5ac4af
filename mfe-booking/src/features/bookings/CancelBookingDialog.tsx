import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CancellationPolicy, formatDateRange, formatINR, LoadError, useApi } from '@utsav/contracts';
import { cancelBooking, getCancellationTerms } from '@utsav/contracts/booking';
import type { Booking, CancellationTerms } from '@utsav/contracts/schemas';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';

export const CANCELLED_TOAST = 'Booking cancelled';

interface Props {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  /** the booking as the server now has it (status 'cancelled') */
  onCancelled: (updated: Booking) => void;
}

/** What comes back, in the server's figures. */
function refundSentence({ advancePaid, refund }: CancellationTerms): string {
  if (advancePaid === 0) return 'Nothing has been paid yet, so there is nothing to refund.';
  if (refund === 0) return `You get nothing back of the ${formatINR(advancePaid)} advance.`;
  if (refund === advancePaid) return `You get the whole ${formatINR(advancePaid)} advance back.`;
  return `You get ${formatINR(refund)} back of the ${formatINR(advancePaid)} advance.`;
}

function Terms({ terms }: { terms: CancellationTerms }) {
  return (
    <>
      <Box role="status" sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
        <Typography sx={{ fontWeight: 600 }}>{refundSentence(terms)}</Typography>
        {terms.advancePaid > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {terms.rule}. The refund goes back to how you paid.
          </Typography>
        )}
      </Box>
      <CancellationPolicy rules={terms.rules} notRefunded={terms.notRefunded} />
    </>
  );
}

/**
 * Asks before cancelling an accepted, paid or payment-failed booking, with the cancellation policy and what
 * the server says comes back if it is cancelled now (GET /bookings/{bid}/cancellation): it can be confirmed
 * only once those are on screen.
 */
export function CancelBookingDialog({ booking, open, onClose, onCancelled }: Props) {
  const terms = useApi((signal) => getCancellationTerms(booking.bookingId, signal), [booking.bookingId], { enabled: open });
  return (
    <ConfirmChangeDialog
      open={open}
      onClose={onClose}
      title="Cancel this booking?"
      text={`${booking.menuName}, ${formatDateRange(booking.preferredDateRange)}, will be cancelled. This can't be undone.`}
      keepLabel="Keep booking"
      confirmLabel="Cancel booking"
      ready={terms.status === 'success'}
      change={() => cancelBooking(booking.bookingId)}
      successToast={CANCELLED_TOAST}
      onChanged={onCancelled}
    >
      {terms.status === 'success' && <Terms terms={terms.data} />}
      {terms.status === 'error' && <LoadError message="We couldn't load what you would get back." onRetry={terms.retry} />}
      {terms.status !== 'success' && terms.status !== 'error' && (
        <Box role="status" aria-busy="true" aria-label="Loading the cancellation terms">
          <Skeleton variant="rounded" sx={{ height: 56, mb: 1 }} />
          <Skeleton variant="text" sx={{ width: '80%' }} />
          <Skeleton variant="text" sx={{ width: '70%' }} />
        </Box>
      )}
    </ConfirmChangeDialog>
  );
}
