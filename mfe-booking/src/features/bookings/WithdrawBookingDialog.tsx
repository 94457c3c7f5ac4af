import { useLocale } from '@utsav/contracts';
import { withdrawBooking } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { formatDates } from '../../shared/dates';
import { useBookingT } from '../../i18n';

interface Props {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  onWithdrawn: (updated: Booking) => void;
}

/** Asks before withdrawing a request the provider has not answered (nothing was paid, so nothing to refund). */
export function WithdrawBookingDialog({ booking, open, onClose, onWithdrawn }: Props) {
  const t = useBookingT();
  const locale = useLocale();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('withdraw.title')}
      text={t('withdraw.text', { menu: booking.menuName, dates: formatDates(booking.preferredDateRange, locale), provider: booking.providerName })}
      keepLabel={t('withdraw.keep')}
      confirmLabel={t('withdraw.confirm')}
      change={() => withdrawBooking(booking.bookingId)}
      successToast={t('withdraw.done')}
      onChanged={onWithdrawn}
    />
  );
}
