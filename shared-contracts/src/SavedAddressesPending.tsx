import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { errorMessage } from './api-client';
import { LoadError } from './LoadError';
import type { Address } from './schemas/address';
import type { ApiState } from './use-api';

/** The toast after an address is saved (My Account and the slot page). */
export const ADDRESS_SAVED = 'Address saved';

/** What a failed address save says: these words, then the server's reason. */
export const saveAddressFailed = (error: unknown) => `Couldn't save the address. ${errorMessage(error)}`;

/** The user's saved addresses while they are not there yet: a loading placeholder, or the failure with Retry. */
export function SavedAddressesPending({ load, height }: { load: ApiState<Address[]>; height: number }) {
  if (load.status === 'error') {
    return <LoadError message={`We couldn't load your saved addresses. ${errorMessage(load.error)}`} onRetry={load.retry} />;
  }
  return (
    <Box role="status" aria-label="Loading your addresses">
      <Skeleton variant="rounded" sx={{ height }} />
    </Box>
  );
}
