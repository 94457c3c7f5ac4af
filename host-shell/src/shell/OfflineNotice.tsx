import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useOnline } from '@utsav/contracts';
import { useShellT } from '../i18n';

/**
 * Issue 20: while the device has no connection, every screen says so at its top, and that the app is
 * showing what it saved (pages that need the network turn read-only or say they can't load); it goes
 * away by itself when the connection returns. The live region is always there, so the change is
 * announced.
 */
export function OfflineNotice() {
  const online = useOnline();
  const t = useShellT();
  return (
    <Box role="status">
      {!online && (
        <Alert severity="warning" role="none" sx={{ borderRadius: 0, justifyContent: 'center' }}>
          <strong>{t('offline.title')}</strong> {t('offline.body')}
        </Alert>
      )}
    </Box>
  );
}
