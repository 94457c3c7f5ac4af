import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { AccountCardLayout } from '../../components/AccountCardLayout';

/**
 * The profile lookup failed (not a 404), so we can't tell whether onboarding is done: rather than
 * offer a form that could overwrite a finished profile, say so and let the user try again.
 */
export function ProfileCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <AccountCardLayout title="Complete your profile">
      <Alert severity="error" role="alert">
        We couldn&apos;t check your profile. {message}
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={onRetry} sx={{ minHeight: 48 }}>
        Try again
      </Button>
    </AccountCardLayout>
  );
}
