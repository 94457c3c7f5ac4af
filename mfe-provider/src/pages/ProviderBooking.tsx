import { Link as RouterLink, useParams } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { apiStatus, Facts, formatINR, isNotFound, LoadError, Page, paths, useApi, useLiveStatus } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import type { ProviderBooking } from '@utsav/contracts/schemas';
import { preloadProvider, ProviderGate } from '../features/listing/ProviderGate';
import { statusLabel, Timeline, useBookingFacts } from '../features/bookings';
import { awaitsAnswer, RequestCard } from '../features/requests';
import { SectionCard } from '@utsav/contracts/section-card';
import { useProviderT } from '../i18n';

/** The customer's phone and email: the provider's once the advance is paid (the server sends them only then). */
function Contact({ booking }: { booking: ProviderBooking }) {
  const t = useProviderT();
  const { phone, email } = booking.consumer;
  if (phone === null && email === null) return <Typography variant="body2">{t('booking.contact.hidden')}</Typography>;
  const rows: [string, ReactNode][] = [];
  if (phone) rows.push([t('booking.contact.phone'), <Link key="phone" href={`tel:${phone}`}>{phone}</Link>]);
  if (email) rows.push([t('booking.contact.email'), <Link key="email" href={`mailto:${email}`}>{email}</Link>]);
  return <Facts rows={rows} />;
}

/** What the customer paid and what came back, as the server computed it (never recomputed here). */
function Payment({ booking }: { booking: ProviderBooking }) {
  const t = useProviderT();
  const paid = booking.status === 'confirmed' || (booking.status === 'cancelled' && booking.refund !== undefined) || booking.invoiceNumber !== undefined;
  const rows: [string, string][] = [
    [t('booking.payment.advance'), formatINR(booking.payment.advance)],
    [t('booking.payment.state'), t(paid ? 'booking.payment.captured' : booking.status === 'failed' && booking.failureReason === 'payment_failed' ? 'booking.payment.failed' : 'booking.payment.notYet')],
    [t('booking.payment.remaining'), formatINR(booking.payment.remaining)],
  ];
  if (booking.invoiceNumber) rows.push([t('booking.payment.invoice'), booking.invoiceNumber]);
  if (booking.refund) rows.push([t('booking.payment.refund'), t('booking.payment.refundState', { amount: formatINR(booking.refund.amount), state: t(`refund.${booking.refund.status}`) })]);
  return <Facts rows={rows} />;
}

function Details({ bookingId }: { bookingId: string }) {
  const t = useProviderT();
  const facts = useBookingFacts();
  const live = useLiveStatus() === 'open';
  const booking = useApi(providerResources.booking(bookingId), { refetchOnFocus: true, poll: live ? undefined : 30_000 });
  if (booking.status === 'error') {
    // not there, or another listing's: trying again cannot help
    const notTheirs = isNotFound(booking.error) || apiStatus(booking.error) === 403;
    return <LoadError message={t(notTheirs ? 'booking.notFound' : 'booking.loadError')} onRetry={notTheirs ? undefined : booking.retry} />;
  }
  if (booking.status !== 'success') return <Skeleton variant="rounded" height={320} role="status" aria-label={t('booking.loading')} />;
  const data = booking.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip label={t(statusLabel(data))} color={data.status === 'confirmed' ? 'success' : 'default'} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('booking.id', { id: data.bookingId })}
        </Typography>
      </Box>
      {awaitsAnswer(data) ? (
        <RequestCard booking={data} />
      ) : (
        <SectionCard title={t('booking.details')}>
          <Facts rows={facts(data)} />
        </SectionCard>
      )}
      {data.status === 'failed' && data.failureReason === 'declined' && <Alert severity="info">{t('booking.declinedNote')}</Alert>}
      <SectionCard title={t('booking.contact')}>
        <Contact booking={data} />
        <Button component={RouterLink} to={paths.providerThread('booking', data.bookingId)} variant="outlined" sx={{ minHeight: 48, alignSelf: 'flex-start' }}>
          {t('booking.message', { name: data.consumer.name.split(/\s+/)[0] ?? '' })}
        </Button>
      </SectionCard>
      <SectionCard title={t('booking.payment')}>
        <Payment booking={data} />
      </SectionCard>
      <SectionCard title={t('history.title')}>
        <Timeline bookingId={data.bookingId} />
      </SectionCard>
    </Box>
  );
}

export const preload = preloadProvider((_, { params }) => (params.bookingId ? [providerResources.booking(params.bookingId)] : []));

/** /provider/bookings/:bookingId: one booking from its provider's side — details, the customer's contact once paid, payment, history. */
export default function ProviderBookingPage() {
  const t = useProviderT();
  const { bookingId = '' } = useParams();
  return (
    <ProviderGate title={t('booking.title')}>
      <Page title={t('booking.title')}>
        <Details bookingId={bookingId} />
      </Page>
    </ProviderGate>
  );
}
