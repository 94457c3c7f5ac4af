import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError, Page, useApi, useLiveStatus, useOnline } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { ProviderNav } from '../features/listing/ProviderNav';
import { awaitsAnswer, RequestCard } from '../features/requests';
import { useProviderT } from '../i18n';

/** While the live stream is down, the inbox asks again this often. */
const POLL_MS = 20_000;

function Requests() {
  const t = useProviderT();
  const { uid } = useProviderScope();
  const live = useLiveStatus() === 'open';
  const online = useOnline();
  // new requests arrive by the live stream (showProviderBookingChange); without it, the inbox asks again now and then
  const bookings = useApi(providerResources.bookings(uid), { refetchOnFocus: true, poll: live ? undefined : POLL_MS });
  if (bookings.status === 'error') return <LoadError message={t('inbox.loadError')} onRetry={bookings.retry} />;
  if (bookings.status !== 'success') {
    return (
      <Box role="status" aria-busy="true" aria-label={t('inbox.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Box>
    );
  }
  const waiting = bookings.data.filter(awaitsAnswer);
  if (waiting.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('inbox.empty')}</Typography>;
  return (
    <Box component="section" aria-label={t('inbox.listLabel', { count: waiting.length })} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {waiting.map((booking) => (
        <RequestCard key={booking.bookingId} booking={booking} readOnly={!online} />
      ))}
    </Box>
  );
}

export const preload = preloadProvider((uid) => [providerResources.bookings(uid)]);

/** /provider: the requests waiting for the provider's answer, newest first, arriving live. */
export default function InboxPage() {
  const t = useProviderT();
  return (
    <ProviderGate title={t('inbox.title')}>
      <Page title={t('inbox.title')} subtitle={t('inbox.subtitle')}>
        <ProviderNav />
        <Requests />
      </Page>
    </ProviderGate>
  );
}
