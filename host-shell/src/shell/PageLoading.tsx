import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useShellT } from '../i18n';

/** Shown while a page's code or the session is on its way. */
export function PageLoading({ label }: { label?: string }) {
  const t = useShellT();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1.5, minHeight: '40vh' }}>
      <CircularProgress size={28} aria-hidden />
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label ?? t('loading')}
      </Box>
    </Box>
  );
}
