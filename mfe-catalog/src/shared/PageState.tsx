import type { ReactNode } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isNotFound, LoadError, Page, paths } from '@utsav/contracts';
import { useCatalogT } from '../i18n';

/** A page whose data is on its way: the spec's 'Loading...' (as the page's heading) over skeletons. */
export function LoadingState({ skeleton }: { skeleton?: ReactNode }) {
  const t = useCatalogT();
  return (
    <Page wide>
      <Box role="status" aria-live="polite">
        <Typography component="h1" variant="h6" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('loading')}
        </Typography>
      </Box>
      <Box aria-hidden>{skeleton}</Box>
    </Page>
  );
}

interface ErrorStateProps {
  message: string;
  /** a line under the message */
  detail?: string;
  /** offered unless retrying can't help (a 404) */
  onRetry?: () => void;
}

/** A page whose data could not be loaded: the spec's message, a Retry and a way on. */
export function ErrorState({ message, detail, onRetry }: ErrorStateProps) {
  const t = useCatalogT();
  return (
    <Page wide>
      <LoadError
        message={
          <>
            <Typography component="h1" variant="h6">
              {message}
            </Typography>
            {detail && <Typography variant="body2">{detail}</Typography>}
          </>
        }
        onRetry={onRetry}
      >
        <Button component={RouterLink} to={paths.search()} variant="outlined" sx={{ minHeight: 48 }}>
          {t('home.browseServices')}
        </Button>
      </LoadError>
    </Page>
  );
}

/**
 * The service or package page's failure: an unknown one (the API's 404) is not found, with a way to
 * Search and nothing to retry; any other failure is the spec's message with Retry.
 */
export function LoadFailure({ error, what, onRetry }: { error: unknown; what: 'service' | 'package'; onRetry: () => void }) {
  const t = useCatalogT();
  if (isNotFound(error)) return <ErrorState message={t(`${what}.notFound`)} detail={t(`${what}.notFoundBody`)} />;
  return <ErrorState message={t(`${what}.loadError`)} onRetry={onRetry} />;
}
