import Button from '@mui/material/Button';
import { LoadError } from '@utsav/contracts';
import { AccountCardLayout } from '../../components/AccountCardLayout';
import { useAccountT } from '../../i18n';

/**
 * The profile lookup failed (not a 404), so we can't tell whether onboarding is done: rather than
 * offer a form that could overwrite a finished profile, say so and let the user try again.
 */
export function ProfileCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useAccountT();
  return (
    <AccountCardLayout title={t('onboarding.title')}>
      <LoadError message={t('onboarding.checkFailed', { reason: message })}>
        <Button variant="contained" size="large" fullWidth onClick={onRetry} sx={{ minHeight: 48 }}>
          {t('onboarding.tryAgain')}
        </Button>
      </LoadError>
    </AccountCardLayout>
  );
}
