import { useState } from 'react';
import { useNavigate } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { errorMessage, paths, signOut, signOutEverywhere, toast, useLocale } from '@utsav/contracts';
import { useAccountT } from '../i18n';

/**
 * My Account's "Sign out of all devices", after a confirmation: the API ends every server session of the user
 * and revokes their sign-in on every device; then this device signs out too and goes to /login (replacing the page).
 */
export function SignOutEverywhereButton() {
  const t = useAccountT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const error = failure && t('signOutEverywhere.failed', { reason: errorMessage(failure.error, undefined, locale) });

  async function confirm() {
    setFailure(null);
    setWorking(true);
    try {
      await signOutEverywhere();
    } catch (caught) {
      console.error('Signing out of all devices failed', caught);
      setFailure({ error: caught });
      setWorking(false);
      return;
    }
    // this device's sign-in was revoked with the others: whatever signing out here says, leave for /login
    await signOut().catch((caught: unknown) => console.error('Signing out after signing out everywhere failed', caught));
    toast.success(t('signOutEverywhere.done'));
    navigate(paths.login(), { replace: true });
  }

  function close() {
    if (working) return;
    setFailure(null);
    setOpen(false);
  }

  return (
    <>
      <Button variant="text" color="inherit" size="large" fullWidth onClick={() => setOpen(true)} sx={{ minHeight: 48 }}>
        {t('signOutEverywhere.label')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="sign-out-everywhere-title" aria-describedby="sign-out-everywhere-what" fullWidth maxWidth="xs">
        <DialogTitle id="sign-out-everywhere-title">{t('signOutEverywhere.dialogTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography id="sign-out-everywhere-what" variant="body2">
            {t('signOutEverywhere.what')}
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={working} size="large" sx={{ minHeight: 48 }}>
            {t('signOutEverywhere.cancel')}
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={working}
            variant="contained"
            color="error"
            size="large"
            startIcon={working ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
            sx={{ minHeight: 48 }}
          >
            {t('signOutEverywhere.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
