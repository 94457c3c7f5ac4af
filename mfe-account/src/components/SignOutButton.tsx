import { useNavigate } from '@utsav/contracts/router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Logout from '@mui/icons-material/Logout';
import { errorMessage, paths, signOut, toast, useChange, useLocale } from '@utsav/contracts';
import { useAccountT } from '../i18n';

/**
 * Signs out of this device and goes to /login, replacing the page in the history (My Account, and
 * onboarding for someone who signed in with the wrong number or does not want to go on).
 */
export function SignOutButton({ variant = 'outlined' }: { variant?: 'outlined' | 'text' }) {
  const t = useAccountT();
  const locale = useLocale();
  const navigate = useNavigate();
  const signingOut = useChange(signOut);

  async function leave() {
    const outcome = await signingOut.run();
    if (outcome.ok) navigate(paths.login(), { replace: true });
    else if ('error' in outcome) {
      console.error('Signing out failed', outcome.error);
      toast.error(t('signOut.failed', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  }

  return (
    <Button
      variant={variant}
      color="inherit"
      size="large"
      fullWidth
      onClick={() => void leave()}
      disabled={signingOut.pending}
      startIcon={signingOut.pending ? <CircularProgress size={20} color="inherit" aria-hidden /> : <Logout />}
      sx={{ minHeight: 48 }}
    >
      {t('signOut.label')}
    </Button>
  );
}
