import { useState } from 'react';
import { Link as RouterLink, useParams } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { apiStatus, Facts, formatMoment, isNotFound, LoadError, Page, paths, useApi, useLocale } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import { showProviderEnquiryChange } from '@utsav/contracts/provider';
import { preloadProvider, ProviderGate } from '../features/listing/ProviderGate';
import { DeclineEnquiryDialog, ENQUIRY_STATUS_LABELS, isAnswerable, newestFirst, QuoteForm, QuoteView, useEnquiryFacts } from '../features/enquiries';
import { SectionCard } from '@utsav/contracts/section-card';
import { useProviderT } from '../i18n';

function Details({ enquiryId }: { enquiryId: string }) {
  const t = useProviderT();
  const locale = useLocale();
  const facts = useEnquiryFacts();
  const [declining, setDeclining] = useState(false);
  const enquiry = useApi(providerResources.enquiry(enquiryId), { refetchOnFocus: true });
  if (enquiry.status === 'error') {
    // not there, or another listing's: trying again cannot help
    const notTheirs = isNotFound(enquiry.error) || apiStatus(enquiry.error) === 403;
    return <LoadError message={t(notTheirs ? 'enquiry.notFound' : 'enquiry.loadError')} onRetry={notTheirs ? undefined : enquiry.retry} />;
  }
  if (enquiry.status !== 'success') return <Skeleton variant="rounded" height={320} role="status" aria-label={t('enquiry.loading')} />;
  const data = enquiry.data;
  const quotes = newestFirst(data.quotes);
  const answerable = isAnswerable(data);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip label={t(ENQUIRY_STATUS_LABELS[data.status])} color={data.status === 'open' ? 'primary' : data.status === 'booked' ? 'success' : 'default'} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('enquiry.received', { date: formatMoment(data.createdAt, locale) })}
        </Typography>
      </Box>
      <SectionCard title={t('enquiry.details')}>
        <Facts rows={facts(data, { message: true })} />
        <Button component={RouterLink} to={paths.providerThread('enquiry', data.enquiryId)} variant="outlined" sx={{ minHeight: 48, alignSelf: 'flex-start' }}>
          {t('enquiry.messageCustomer', { name: data.consumer.firstName })}
        </Button>
      </SectionCard>
      {data.status === 'declined' && data.declineReason && <Alert severity="info">{t('enquiry.declinedBecause', { reason: data.declineReason })}</Alert>}
      {data.bookingId && (
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to={paths.providerBooking(data.bookingId)} color="inherit" size="small" sx={{ minHeight: 40 }}>
              {t('enquiry.seeBooking')}
            </Button>
          }
        >
          {t('enquiry.booked')}
        </Alert>
      )}
      <SectionCard title={t('quotes.title')}>
        {quotes.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('quotes.none')}
          </Typography>
        ) : (
          quotes.map((quote) => <QuoteView key={quote.quoteId} quote={quote} />)
        )}
      </SectionCard>
      {answerable && (
        <Card variant="outlined">
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <QuoteForm key={data.enquiryId} enquiry={data} />
          </CardContent>
        </Card>
      )}
      {answerable && (
        <Button variant="outlined" color="error" onClick={() => setDeclining(true)} sx={{ minHeight: 48, alignSelf: 'flex-start' }}>
          {t('enquiry.decline')}
        </Button>
      )}
      <DeclineEnquiryDialog enquiry={data} open={declining} onClose={() => setDeclining(false)} onDeclined={showProviderEnquiryChange} />
    </Box>
  );
}

export const preload = preloadProvider((_, { params }) => (params.enquiryId ? [providerResources.enquiry(params.enquiryId)] : []));

/** /provider/enquiries/:enquiryId: one enquiry in full, its quotes newest first, and while it is open a quote or a decline. */
export default function EnquiryPage() {
  const t = useProviderT();
  const { enquiryId = '' } = useParams();
  return (
    <ProviderGate title={t('enquiry.title')}>
      <Page title={t('enquiry.title')}>
        <Details enquiryId={enquiryId} />
      </Page>
    </ProviderGate>
  );
}
