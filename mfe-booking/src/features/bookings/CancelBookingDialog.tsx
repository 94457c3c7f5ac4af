import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CancellationPolicy, formatINR, LoadError, useApi, useLocale, type Translate } from '@utsav/contracts';
import { cancelBooking } from '@utsav/contracts/booking';
import { bookingResources } from '@utsav/contracts/resources';
import type { Booking, CancellationTerms } from '@utsav/contracts/schemas';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { formatDates } from '../../shared/dates';
import { useBookingT, type BookingMessage } from '../../i18n';

interface Props {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  /** the booking as the server now has it (status 'cancelled') */
  onCancelled: (updated: Booking) => void;
}

/** What comes back, in the server's figures. */
function refundSentence({ advancePaid, refund }: CancellationTerms, t: Translate<BookingMessage>): string {
  const advance = formatINR(advancePaid);
  if (advancePaid === 0) return t('cancel.nothingPaid');
  if (refund === 0) return t('cancel.noRefund', { advance });
  if (refund === advancePaid) return t('cancel.fullRefund', { advance });
  return t('cancel.partRefund', { refund: formatINR(refund), advance });
}

function Terms({ terms }: { terms: CancellationTerms }) {
  const t = useBookingT();
  return (
    <>
      <Box role="status" sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
        <Typography sx={{ fontWeight: 600 }}>{refundSentence(terms, t)}</Typography>
        {terms.advancePaid > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {/* the rule is the server's words, shown as they come */}
            {t('cancel.refundWay', { rule: terms.rule })}
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
  const t = useBookingT();
  const locale = useLocale();
  const terms = useApi(bookingResources.cancellationTerms(booking.bookingId), { enabled: open });
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('cancel.title')}
      text={t('cancel.text', { menu: booking.menuName, dates: formatDates(booking.preferredDateRange, locale) })}
      keepLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      ready={terms.status === 'success'}
      change={() => cancelBooking(booking.bookingId)}
      successToast={t('cancel.done')}
      onChanged={onCancelled}
    >
      {terms.status === 'success' && <Terms terms={terms.data} />}
      {terms.status === 'error' && <LoadError message={t('cancel.termsError')} onRetry={terms.retry} />}
      {terms.status !== 'success' && terms.status !== 'error' && (
        <Box role="status" aria-busy="true" aria-label={t('cancel.termsLoading')}>
          <Skeleton variant="rounded" sx={{ height: 56, mb: 1 }} />
          <Skeleton variant="text" sx={{ width: '80%' }} />
          <Skeleton variant="text" sx={{ width: '70%' }} />
        </Box>
      )}
    </ConfirmDialog>
  );
}
