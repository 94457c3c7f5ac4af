import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
// by name: the page's one toast queue and language (a sub-path is bundled into each remote that imports it)
import { errorMessage, toast, useChange, useLocale } from '@utsav/contracts';
import { BusyButton } from './busy-button';

/** How a dialog's action tells of a failure: `describe` words it (the server's words as they are by default). */
export interface DialogActionOptions {
  describe?: (reason: string) => string;
}

/**
 * What a dialog does with its one action (withdraw, cancel, review, sign out everywhere): one call at a time,
 * busy meanwhile (the dialog cannot be closed then); done, a toast, the dialog closes and `onDone` gets the
 * result; refused, the reason in the dialog and a toast, and nothing changes.
 */
export function useDialogAction(onClose: () => void, { describe = (reason) => reason }: DialogActionOptions = {}) {
  const locale = useLocale();
  const change = useChange(<T,>(action: () => Promise<T>) => action());
  const error = change.error === null ? null : describe(errorMessage(change.error, undefined, locale));

  const close = () => {
    if (change.pending) return;
    change.reset();
    onClose();
  };

  async function run<T>(action: () => Promise<T>, successToast: string, onDone: (result: T) => void) {
    const outcome = await change.run(action);
    if (outcome.ok) {
      toast.success(successToast);
      onClose();
      onDone(outcome.value as T);
    } else if ('error' in outcome) {
      toast.error(describe(errorMessage(outcome.error, undefined, locale)));
    }
  }

  return { pending: change.pending, error, close, run };
}

export interface ConfirmDialogProps<T> extends DialogActionOptions {
  open: boolean;
  onClose: () => void;
  title: string;
  /** what will happen, in one sentence (the dialog's description) */
  text: string;
  /** more to read before confirming (a booking's cancellation policy and refund) */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  /** false while what must be read first is still loading */
  ready?: boolean;
  /** the change, through the API */
  change: () => Promise<T>;
  successToast: string;
  onChanged: (result: T) => void;
}

export interface ActionDialogProps {
  open: boolean;
  title: string;
  /** what will happen, in one sentence (the dialog's description), when there is one */
  text?: string;
  /** what to read or fill in before acting */
  children?: ReactNode;
  /** from useDialogAction: the refusal to show, whether the action is under way, and closing */
  error: string | null;
  pending: boolean;
  close: () => void;
  keepLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** false while what must be read first is still loading */
  ready?: boolean;
  /** a change that cannot be taken back: the button says so in the error colour */
  destructive?: boolean;
}

/**
 * The frame of a dialog with one action (useDialogAction): its title and description, what it holds, the refusal
 * if there was one, and its two buttons, the action's busy while it runs.
 */
export function ActionDialog({ open, title, text, children, error, pending, close, keepLabel, confirmLabel, onConfirm, ready = true, destructive = false }: ActionDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={text ? textId : undefined} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {text && <DialogContentText id={textId}>{text}</DialogContentText>}
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
        <BusyButton onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} disabled={!ready} busy={pending}>
          {confirmLabel}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before a change that cannot be taken back (withdraw a request, cancel a booking, sign out of every
 * device), makes it, and says how it went (useDialogAction).
 */
export function ConfirmDialog<T>({ open, onClose, title, text, children, keepLabel, confirmLabel, ready = true, change, successToast, onChanged, describe }: ConfirmDialogProps<T>) {
  const { pending, error, close, run } = useDialogAction(onClose, { describe });
  return (
    <ActionDialog
      open={open}
      title={title}
      text={text}
      error={error}
      pending={pending}
      close={close}
      keepLabel={keepLabel}
      confirmLabel={confirmLabel}
      onConfirm={() => run(change, successToast, onChanged)}
      ready={ready}
      destructive
    >
      {children}
    </ActionDialog>
  );
}
