import type { ReactNode } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LoadError, paths } from '@utsav/contracts';

/** The frame of every catalog page: side margins on phones, a little more room on larger screens. */
export function Page({ children }: { children: ReactNode }) {
  return <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, minWidth: 0 }}>{children}</Box>;
}

/** A page whose data is on its way: the spec's 'Loading...' (as the page's heading) over skeletons. */
export function LoadingState({ skeleton }: { skeleton?: ReactNode }) {
  return (
    <Page>
      <Box role="status" aria-live="polite">
        <Typography component="h1" variant="h6" sx={{ color: 'text.secondary', mb: 2 }}>
          Loading...
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
  return (
    <Page>
      <LoadError
        message={
          <Typography component="h1" variant="h6">
            {message}
          </Typography>
        }
        onRetry={onRetry}
      >
        <Button component={RouterLink} to={paths.search()} variant="outlined" sx={{ minHeight: 48 }}>
          Browse Services
        </Button>
      </LoadError>
    </Page>
  );
}
