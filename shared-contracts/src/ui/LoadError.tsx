import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCommonT } from '../i18n/contracts-messages';

export interface LoadErrorProps {
  /** what could not be loaded; announced as an alert */
  message: ReactNode;
  /**
   * left out when trying again can't help (a 404); also called by itself when the browser comes
   * back online (what failed offline is asked for again without a tap)
   */
  onRetry?: () => void;
  /** further actions beside Retry, such as a way on */
  children?: ReactNode;
}

/** Calls `onRetry` (the latest one) each time the browser's `online` event fires while mounted. */
function useRetryWhenOnline(onRetry: (() => void) | undefined): void {
  const latest = useRef(onRetry);
  useEffect(() => {
    latest.current = onRetry;
  });
  const retries = onRetry !== undefined;
  useEffect(() => {
    if (!retries) return undefined;
    const onOnline = () => latest.current?.();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [retries]);
}

/**
 * Data that failed to load: the error and a Retry, the same on every page of every app. Coming
 * back online retries by itself (a page that failed offline does not wait for a tap on Retry).
 */
export function LoadError({ message, onRetry, children }: LoadErrorProps) {
  const t = useCommonT();
  useRetryWhenOnline(onRetry);
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
