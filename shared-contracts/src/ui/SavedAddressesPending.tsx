import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { errorMessage } from '../client/api-client';
import { commonText, useCommonT } from '../i18n/contracts-messages';
import { DEFAULT_LOCALE, useLocale, type Locale } from '../i18n/i18n';
import { LoadError } from './LoadError';
import type { Address } from '../domain/schemas/address';
import type { ApiState } from '../client/use-api';

/** The toast after an address is saved (My Account and the slot page), in a language. */
export const addressSavedMessage = (locale: Locale = DEFAULT_LOCALE): string => commonText(locale, 'address.saved');

/** The toast after an address is saved, in English: 'Address saved'. */
export const ADDRESS_SAVED = addressSavedMessage();

/** What a failed address save says: these words, then the server's reason (in `locale`, English when not given). */
export const saveAddressFailed = (error: unknown, locale: Locale = DEFAULT_LOCALE): string =>
  commonText(locale, 'address.saveFailed', { reason: errorMessage(error, undefined, locale) });

/** The user's saved addresses while they are not there yet: a loading placeholder, or the failure with Retry. */
export function SavedAddressesPending({ load, height }: { load: ApiState<Address[]>; height: number }) {
  const t = useCommonT();
  const locale = useLocale();
  if (load.status === 'error') {
    return <LoadError message={t('address.loadFailed', { reason: errorMessage(load.error, undefined, locale) })} onRetry={load.retry} />;
  }
  return (
    <Box role="status" aria-label={t('address.loading')}>
      <Skeleton variant="rounded" sx={{ height }} />
    </Box>
  );
}
