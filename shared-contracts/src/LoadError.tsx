import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCommonT } from './contracts-messages';

export interface LoadErrorProps {
  /** what could not be loaded; announced as an alert */
  message: ReactNode;
  /** left out when trying again can't help (a 404) */
  onRetry?: () => void;
  /** further actions beside Retry, such as a way on */
  children?: ReactNode;
}

/** Data that failed to load: the error and a Retry, the same on every page of every app. */
export function LoadError({ message, onRetry, children }: LoadErrorProps) {
  const t = useCommonT();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      {(onRetry || children) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {onRetry && (
            <Button variant="contained" onClick={onRetry} sx={{ minHeight: 48 }}>
              {t('loadError.retry')}
            </Button>
          )}
          {children}
        </Box>
      )}
    </Box>
  );
}
