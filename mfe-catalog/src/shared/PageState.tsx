import type { ReactNode } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LoadError, Page, paths } from '@utsav/contracts';
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
  /** offered unless retrying can't help (a 404) */
  onRetry?: () => void;
}

/** A page whose data could not be loaded: the spec's message, a Retry and a way on. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  const t = useCatalogT();
  return (
    <Page wide>
      <LoadError
        message={
          <Typography component="h1" variant="h6">
            {message}
          </Typography>
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
