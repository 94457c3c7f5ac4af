import { formatDateRange } from '@utsav/contracts';
import { withdrawBooking } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';

export const WITHDRAWN_TOAST = 'Request withdrawn';

interface Props {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  onWithdrawn: (updated: Booking) => void;
}

/** Asks before withdrawing a request the provider has not answered (nothing was paid, so nothing to refund). */
export function WithdrawBookingDialog({ booking, open, onClose, onWithdrawn }: Props) {
  return (
    <ConfirmChangeDialog
      open={open}
      onClose={onClose}
      title="Withdraw this request?"
      text={`Your request for ${booking.menuName}, ${formatDateRange(booking.preferredDateRange)}, will be withdrawn before ${booking.providerName} answers. Nothing has been paid.`}
      keepLabel="Keep request"
      confirmLabel="Withdraw request"
      change={() => withdrawBooking(booking.bookingId)}
      successToast={WITHDRAWN_TOAST}
      onChanged={onWithdrawn}
    />
  );
}
