import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError, Page, useApi } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { ProviderNav } from '../features/listing/ProviderNav';
import { EnquiryCard, inboxOrder } from '../features/enquiries';
import { useProviderT } from '../i18n';

function EnquiryList() {
  const t = useProviderT();
  const { uid } = useProviderScope();
  const enquiries = useApi(providerResources.enquiries(uid), { refetchOnFocus: true });
  if (enquiries.status === 'error') return <LoadError message={t('enquiries.loadError')} onRetry={enquiries.retry} />;
  if (enquiries.status !== 'success') {
    return (
      <Box role="status" aria-busy="true" aria-label={t('enquiries.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Box>
    );
  }
  if (enquiries.data.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('enquiries.empty')}</Typography>;
  const shown = inboxOrder(enquiries.data);
  return (
    <Box component="section" aria-label={t('enquiries.listLabel', { count: shown.length })} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {shown.map((enquiry) => (
        <EnquiryCard key={enquiry.enquiryId} enquiry={enquiry} />
      ))}
    </Box>
  );
}

export const preload = preloadProvider((uid) => [providerResources.enquiries(uid)]);

/** /provider/enquiries: customers asking for a quote — those waiting for one first, then those quoted, then the rest. */
export default function EnquiriesPage() {
  const t = useProviderT();
  return (
    <ProviderGate title={t('enquiries.title')}>
      <Page title={t('enquiries.title')} subtitle={t('enquiries.subtitle')}>
        <ProviderNav />
        <EnquiryList />
      </Page>
    </ProviderGate>
  );
}
