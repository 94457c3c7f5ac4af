import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { visuallyHidden } from '@utsav/contracts';
import { useAccountT } from '../../i18n';

/** The shape of the Profile tab while the profile loads. */
export function AccountSkeleton() {
  const t = useAccountT();
  return (
    <Box>
      <Box role="status" sx={visuallyHidden}>
        {t('account.loading')}
      </Box>
      <Box aria-hidden data-testid="account-skeleton" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <Skeleton variant="circular" width={96} height={96} />
        <Skeleton variant="text" width={160} sx={{ fontSize: '1.25rem' }} />
        <Skeleton variant="text" width={140} />
        <Skeleton variant="rounded" width={160} height={48} />
        <Skeleton variant="rounded" width="100%" height={56} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" width="100%" height={56} />
        <Skeleton variant="rounded" width="100%" height={56} />
        <Skeleton variant="rounded" width="100%" height={48} />
      </Box>
    </Box>
  );
}
