import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export type BusyButtonProps = ButtonProps & {
  /** its action is under way: a spinner in place of its icon, aria-busy, and no second tap */
  busy: boolean;
};

/**
 * A button whose action takes a moment (`@utsav/contracts/busy-button`): while it runs, the button shows a spinner,
 * says it is busy and takes no tap (a change is made once: useChange). 48 px high, the house's touch target.
 */
export function BusyButton({ busy, disabled, startIcon, sx, children, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : startIcon}
      sx={[{ minHeight: 48 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Button>
  );
}
