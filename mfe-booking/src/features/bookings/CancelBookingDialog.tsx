import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage, formatDateRange, toast } from '@utsav/contracts';
import { cancelBooking } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';

export const CANCELLED_TOAST = 'Booking cancelled';

interface Props {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  /** the booking as the server now has it (status 'cancelled') */
  onCancelled: (updated: Booking) => void;
}

/** Asks before cancelling an accepted booking; on failure says why and changes nothing. */
export function CancelBookingDialog({ booking, open, onClose, onCancelled }: Props) {
  const titleId = useId();
  const textId = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const updated = await cancelBooking(booking.bookingId);
      setPending(false);
      toast.success(CANCELLED_TOAST);
      onClose();
      onCancelled(updated);
    } catch (caught) {
      const message = errorMessage(caught);
      setPending(false);
      setError(message);
      toast.error(message);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Cancel this booking?</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id={textId}>
          {`${booking.menuName}, ${formatDateRange(booking.preferredDateRange)}, will be cancelled. This can't be undone.`}
        </DialogContentText>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={close} disabled={pending} sx={{ minHeight: 48 }}>
          Keep booking
        </Button>
        <Button
          onClick={confirm}
          variant="contained"
          color="error"
          disabled={pending}
          aria-busy={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ minHeight: 48 }}
        >
          Cancel booking
        </Button>
      </DialogActions>
    </Dialog>
  );
}
