import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  errorMessage,
  formatDate,
  formatINR,
  LoadError,
  Page,
  paths,
  prefetchForUser,
  showBookingChange,
  toast,
  useApi,
  useChange,
  useLocale,
  type PagePreload,
} from '@utsav/contracts';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { QuoteLines } from '@utsav/contracts/quote';
import { planResources } from '@utsav/contracts/plan-resources';
import { declineQuote, showEnquiryChange, withdrawEnquiry } from '@utsav/contracts/plans';
import type { Enquiry, EnquiryStatus, Quote, QuoteStatus } from '@utsav/contracts/schemas';
import { eventTitle, inOneLine } from '../features/plans/plan-text';
import { useSignedInUid } from '../shared/use-signed-in-uid';
import { usePlansT, type PlansMessage } from '../features/plans/i18n';

const AcceptQuoteDialog = lazy(() => import('../features/plans/AcceptQuoteDialog'));

/** While an enquiry waits for the provider, the list is asked for again this often. */
const POLL_INTERVAL_MS = 15_000;
const waitingForProvider = (enquiries: Enquiry[]) => (enquiries.some((enquiry) => enquiry.status === 'open') ? POLL_INTERVAL_MS : false);

const ENQUIRY_STATUS: Record<EnquiryStatus, PlansMessage> = {
  open: 'enquiry.status.open',
  quoted: 'enquiry.status.quoted',
  booked: 'enquiry.status.booked',
  declined: 'enquiry.status.declined',
  withdrawn: 'enquiry.status.withdrawn',
  closed: 'enquiry.status.closed',
};

const QUOTE_STATUS: Record<QuoteStatus, PlansMessage> = {
  open: 'quote.status.open',
  accepted: 'quote.status.accepted',
  declined: 'quote.status.declined',
  expired: 'quote.status.expired',
  superseded: 'quote.status.superseded',
  withdrawn: 'quote.status.withdrawn',
};

interface QuoteViewProps {
  quote: Quote;
  /** the quote that can be answered now (open, not expired) */
  current: boolean;
  onAccept: () => void;
  onDecline: () => void;
  declining: boolean;
}

function QuoteView({ quote, current, onAccept, onDecline, declining }: QuoteViewProps) {
  const t = usePlansT();
  return (
    <Box component="section" aria-label={t('quote.label', { total: formatINR(quote.total) })} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {t('quote.title')}
        </Typography>
        <Chip size="small" label={t(QUOTE_STATUS[quote.status])} color={quote.status === 'open' ? 'primary' : 'default'} variant="outlined" />
      </Box>
      <QuoteLines quote={quote} labels={{ total: t('quote.total'), advance: t('quote.advance'), validUntil: t('quote.validUntil') }} />
      {current && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          <Button variant="contained" onClick={onAccept} sx={{ minHeight: 48 }}>
            {t('quote.accept')}
          </Button>
          <Button onClick={onDecline} disabled={declining} aria-busy={declining} sx={{ minHeight: 48 }}>
            {t('quote.decline')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

interface EnquiryCardProps {
  uid: string;
  enquiry: Enquiry;
}

function EnquiryCard({ uid, enquiry }: EnquiryCardProps) {
  const t = usePlansT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState<Quote | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const declining = useChange((quoteId: string) => declineQuote(quoteId));
  const { event, service } = enquiry;
  const [latest, ...earlier] = enquiry.quotes;
  const decline = async (quote: Quote) => {
    const outcome = await declining.run(quote.quoteId);
    if (outcome.ok) {
      showEnquiryChange(uid, outcome.value);
      toast.success(t('quote.declined'));
    } else if ('error' in outcome) toast.error(t('quote.notChanged', { reason: errorMessage(outcome.error, undefined, locale) }));
  };
  const waiting = enquiry.status === 'open' || enquiry.status === 'quoted';
  return (
    <Card component="li" variant="outlined" aria-label={service.title} sx={{ listStyle: 'none', p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.serviceDetail(service.serviceId)} color="inherit">
              {service.title}
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {inOneLine(eventTitle(event, t), formatDate(event.date, locale), event.city, t('enquiry.guests', { count: event.guests }))}
          </Typography>
        </Box>
        <Chip label={t(ENQUIRY_STATUS[enquiry.status])} color={enquiry.status === 'quoted' ? 'primary' : enquiry.status === 'booked' ? 'success' : 'default'} size="small" />
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: 'text.secondary' }}>
        {t('enquiry.yourMessage', { message: enquiry.message })}
      </Typography>
      {enquiry.status === 'declined' && enquiry.declineReason && (
        <Typography variant="body2">{t('enquiry.declinedBecause', { reason: enquiry.declineReason })}</Typography>
      )}
      {latest && (
        <QuoteView
          quote={latest}
          current={latest.status === 'open' && waiting}
          onAccept={() => setAccepting(latest)}
          onDecline={() => void decline(latest)}
          declining={declining.pending}
        />
      )}
      {earlier.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('quote.earlier', { count: earlier.length })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={paths.thread('enquiry', enquiry.enquiryId)} variant="outlined" sx={{ minHeight: 48 }}>
          {t('enquiry.messageProvider', { provider: service.providerName })}
        </Button>
        {enquiry.bookingId && (
          <Button component={RouterLink} to={paths.bookings({ booking: enquiry.bookingId })} variant="outlined" sx={{ minHeight: 48 }}>
            {t('enquiry.seeBooking')}
          </Button>
        )}
        {waiting && (
          <Button color="error" onClick={() => setWithdrawing(true)} sx={{ minHeight: 48 }}>
            {t('enquiry.withdraw')}
          </Button>
        )}
      </Box>
      {accepting && (
        <Suspense fallback={null}>
          <AcceptQuoteDialog
            enquiry={enquiry}
            quote={accepting}
            onClose={() => setAccepting(null)}
            onAccepted={({ booking, enquiry: changed }) => {
              showBookingChange(booking);
              showEnquiryChange(uid, changed);
              void navigate(paths.bookings({ booking: booking.bookingId }));
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={withdrawing}
        onClose={() => setWithdrawing(false)}
        title={t('enquiry.withdrawTitle')}
        text={t('enquiry.withdrawText', { service: service.title })}
        keepLabel={t('plans.form.keep')}
        confirmLabel={t('enquiry.withdraw')}
        change={() => withdrawEnquiry(enquiry.enquiryId)}
        successToast={t('enquiry.withdrawn')}
        onChanged={(changed) => showEnquiryChange(uid, changed)}
      />
    </Card>
  );
}

function EnquiryList({ uid, event }: { uid: string; event: string | null }) {
  const t = usePlansT();
  const enquiries = useApi(planResources.enquiries(uid), { refetchOnFocus: true, poll: waitingForProvider });
  if (enquiries.status === 'error') return <LoadError message={t('enquiry.loadError')} onRetry={enquiries.retry} />;
  if (enquiries.status !== 'success') return <Skeleton variant="rounded" height={200} role="status" aria-label={t('enquiry.loading')} />;
  const shown = enquiries.data.filter((enquiry) => event === null || enquiry.event.eventId === event);
  if (shown.length === 0)
    return (
      <Box sx={{ py: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('enquiry.none')}</Typography>
        <Button component={RouterLink} to={paths.shortlist(event ? { event } : {})} variant="outlined" sx={{ minHeight: 48 }}>
          {t('shortlist.title')}
        </Button>
      </Box>
    );
  return (
    <Box component="ul" aria-label={t('enquiry.listLabel')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {shown.map((enquiry) => (
        <EnquiryCard key={enquiry.enquiryId} uid={uid} enquiry={enquiry} />
      ))}
    </Box>
  );
}

/** Asks for the consumer's enquiries as soon as the session is restored. */
export const preload: PagePreload = () => prefetchForUser((uid) => [planResources.enquiries(uid)]);

/**
 * /enquiries[?event=]: what the consumer asked providers for, and their quotes: accept one (it becomes a booking
 * request at the quoted price), decline it, or withdraw the enquiry; an expired or declined quote says so.
 */
export default function EnquiriesPage() {
  const t = usePlansT();
  const uid = useSignedInUid();
  const [params] = useSearchParams();
  return (
    <Page title={t('enquiry.listTitle')} subtitle={t('enquiry.listSubtitle')}>
      {uid ? <EnquiryList uid={uid} event={params.get('event')} /> : <Skeleton variant="rounded" height={200} role="status" aria-label={t('enquiry.loading')} />}
    </Page>
  );
}
