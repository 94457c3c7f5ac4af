import Button from '@mui/material/Button';
import { LoadError } from '@utsav/contracts';
import { AccountCardLayout } from '../../components/AccountCardLayout';

/**
 * The profile lookup failed (not a 404), so we can't tell whether onboarding is done: rather than
 * offer a form that could overwrite a finished profile, say so and let the user try again.
 */
export function ProfileCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <AccountCardLayout title="Complete your profile">
      <LoadError message={`We couldn't check your profile. ${message}`}>
        <Button variant="contained" size="large" fullWidth onClick={onRetry} sx={{ minHeight: 48 }}>
          Try again
        </Button>
      </LoadError>
    </AccountCardLayout>
  );
}
