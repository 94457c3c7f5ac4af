import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Booking } from '@utsav/contracts/schemas';
import { useDialogAction } from './use-dialog-action';

export interface ConfirmChangeDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** what will happen, in one sentence (the dialog's description) */
  text: string;
  /** more to read before confirming (the cancellation policy and the refund) */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  /** false while what must be read first is still loading */
  ready?: boolean;
  /** the change, through the API: the booking as the server now has it */
  change: () => Promise<Booking>;
  successToast: string;
  onChanged: (updated: Booking) => void;
}

/**
 * Asks before a change of plans (withdraw a request, cancel a booking), makes it, and says how it went: busy
 * while the call is on its way (it cannot be closed then), a toast when done; on failure it says why and
 * changes nothing.
 */
export function ConfirmChangeDialog({ open, onClose, title, text, children, keepLabel, confirmLabel, ready = true, change, successToast, onChanged }: ConfirmChangeDialogProps) {
  const titleId = useId();
  const textId = useId();
  const { pending, error, close, run } = useDialogAction(onClose);
  const confirm = () => run(change, successToast, onChanged);

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {children}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={close} disabled={pending} sx={{ minHeight: 48 }}>
          {keepLabel}
        </Button>
        <Button
          onClick={confirm}
          variant="contained"
          color="error"
          disabled={pending || !ready}
          aria-busy={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ minHeight: 48 }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
