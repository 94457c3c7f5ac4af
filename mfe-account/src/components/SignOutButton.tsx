import { useState } from 'react';
import { useNavigate } from '@utsav/contracts/router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Logout from '@mui/icons-material/Logout';
import { errorMessage, paths, signOut, toast, useLocale } from '@utsav/contracts';
import { useAccountT } from '../i18n';

/**
 * Signs out of this device and goes to /login, replacing the page in the history (My Account, and
 * onboarding for someone who signed in with the wrong number or does not want to go on).
 */
export function SignOutButton({ variant = 'outlined' }: { variant?: 'outlined' | 'text' }) {
  const t = useAccountT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function leave() {
    setSigningOut(true);
    try {
      await signOut();
    } catch (failure) {
      console.error('Signing out failed', failure);
      toast.error(t('signOut.failed', { reason: errorMessage(failure, undefined, locale) }));
      setSigningOut(false);
      return;
    }
    navigate(paths.login(), { replace: true });
  }

  return (
    <Button
      variant={variant}
      color="inherit"
      size="large"
      fullWidth
      onClick={() => void leave()}
      disabled={signingOut}
      startIcon={signingOut ? <CircularProgress size={20} color="inherit" aria-hidden /> : <Logout />}
      sx={{ minHeight: 48 }}
    >
      {t('signOut.label')}
    </Button>
  );
}
