import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { dismissToast, useToasts, type Toast, type ToastPosition } from '@utsav/contracts';
import { BOTTOM_TABS_HEIGHT } from '../shell/metrics';
import { useActionBarClearance } from './action-bar-clearance';
import { useShellT } from '../i18n';

/** The gap between a bottom toast and what it keeps clear of (the tab bar, an action bar, the window's edge). */
const GAP = 12;

function ToastStack({ position, toasts }: { position: ToastPosition; toasts: Toast[] }) {
  const t = useShellT();
  // a page's action bar (Add to Cart, Book Now…) is never covered: the bottom toasts sit above it
  const clearance = useActionBarClearance(position === 'bottom' && toasts.length > 0);
  if (toasts.length === 0) return null;
  const edge =
    position === 'top'
      ? { top: 72 }
      : { bottom: clearance > 0 ? clearance + GAP : { xs: BOTTOM_TABS_HEIGHT + GAP, md: 16 } };
  return (
    <Stack
      spacing={1}
      aria-label={t(position === 'top' ? 'toasts.top' : 'toasts.bottom')}
      sx={{ position: 'fixed', left: 12, right: 12, mx: 'auto', maxWidth: 480, zIndex: 'snackbar', ...edge }}
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          severity={toast.type}
          variant="filled"
          icon={toast.icon ? undefined : false}
          onClick={() => dismissToast(toast.id)}
          onClose={(event) => {
            event.stopPropagation();
            dismissToast(toast.id);
          }}
          slotProps={{ closeButton: { title: t('toasts.dismiss') } }}
          sx={{ cursor: 'pointer', boxShadow: 3 }}
        >
          {toast.message}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * Spec §2/§4 toasts: stacked at the top or the bottom; a click or the close button removes one. The
 * bottom stack keeps clear of the tab bar and of any action bar a page marks (ACTION_BAR).
 */
export function ToastViewport() {
  const toasts = useToasts();
  return (
    <>
      <ToastStack position="top" toasts={toasts.filter((t) => t.position === 'top')} />
      <ToastStack position="bottom" toasts={toasts.filter((t) => t.position === 'bottom')} />
    </>
  );
}
