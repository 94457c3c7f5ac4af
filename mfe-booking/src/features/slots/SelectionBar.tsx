import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ACTION_BAR } from '@utsav/contracts';
import type { SlotAction } from './use-slot-actions';
import { useBookingT } from '../../i18n';

interface SelectionBarProps {
  summary: string;
  problem: string | null;
  busy: SlotAction | null;
  /** why the buttons are off (no address chosen yet), or null */
  blockedReason: string | null;
  onAddToCart: () => void;
  onBookNow: () => void;
  /** new dates for a booking: one button, 'Propose new dates', instead of Add to Cart and Book Now */
  onPropose?: () => void;
  /** a notice on the page that Add to Cart and Book Now are described by (the provider is based elsewhere) */
  noticeId?: string;
}

const spinner = <CircularProgress color="inherit" size={18} aria-hidden />;

interface BarButtonProps {
  label: string;
  /** the action it starts: it shows the spinner while that one is on its way */
  action: SlotAction;
  busy: SlotAction | null;
  disabled: boolean;
  describedBy?: string;
  primary?: boolean;
  onClick: () => void;
}

function BarButton({ label, action, busy, disabled, describedBy, primary = false, onClick }: BarButtonProps) {
  return (
    <Button
      variant={primary ? 'contained' : 'outlined'}
      onClick={onClick}
      loading={busy === action}
      loadingIndicator={spinner}
      loadingPosition="start"
      disabled={disabled}
      aria-describedby={describedBy}
      sx={{ minHeight: 48 }}
    >
      {label}
    </Button>
  );
}

/**
 * Spec §2: the bottom bar with the selection, 'Add to Cart' and 'Book Now'. It sticks to the
 * bottom of the screen, above the host's bottom tabs (64 px) on small screens.
 */
export function SelectionBar({ summary, problem, busy, blockedReason, onAddToCart, onBookNow, onPropose, noticeId }: SelectionBarProps) {
  const t = useBookingT();
  const disabled = busy !== null || blockedReason !== null;
  const describedBy = [blockedReason ? 'slot-blocked-reason' : null, noticeId].filter(Boolean).join(' ') || undefined;
  return (
    <Paper
      {...ACTION_BAR}
      elevation={6}
      component="section"
      aria-label={t('bar.label')}
      sx={{
        position: 'sticky',
        bottom: { xs: 64, md: 0 },
        zIndex: 2,
        mt: 3,
        mx: { xs: -1, sm: 0 },
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {problem && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {problem}
        </Alert>
      )}
      <Typography aria-live="polite" sx={{ fontWeight: 600, textAlign: 'center', overflowWrap: 'anywhere' }}>
        {summary}
      </Typography>
      {blockedReason && (
        <Typography id="slot-blocked-reason" variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {blockedReason}
        </Typography>
      )}
      {onPropose ? (
        <BarButton label={t('bar.propose')} action="reschedule" busy={busy} disabled={disabled} primary onClick={onPropose} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1 }}>
          <BarButton label={t('bar.addToCart')} action="cart" busy={busy} disabled={disabled} describedBy={describedBy} onClick={onAddToCart} />
          <BarButton label={t('bar.bookNow')} action="book" busy={busy} disabled={disabled} describedBy={describedBy} primary onClick={onBookNow} />
        </Box>
      )}
    </Paper>
  );
}
