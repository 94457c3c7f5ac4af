import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  ACTION_BAR,
  bookingAdvanceLabel,
  CancellationPolicy,
  errorMessage,
  Facts,
  formatAddress,
  formatDate,
  formatDateRange,
  formatINR,
  formatMoment,
  formatTimeRange,
  gstOnFeeLabel,
  isNotFound,
  LoadError,
  Page,
  paths,
  platformFeeLabel,
  refundText,
  saveBlob,
  TermsAgreement,
  toast,
  useApi,
  useLocale,
  useSession,
  visuallyHidden,
  useChange,
} from '@utsav/contracts';
import { getInvoicePdf } from '@utsav/contracts/booking';
import { bookingResources } from '@utsav/contracts/resources';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { isFinished, paymentStanding, type PaymentStanding } from '@utsav/contracts/booking-state';
import type { Booking, BookingEventKind, BookingHistory } from '@utsav/contracts/schemas';
import { discountLabel } from '../features/cart/TotalsBlock';
import { usePayment, type PaymentPhase } from '../features/payment/use-payment';
import { useCheckoutT, type CheckoutMessage } from '../i18n';

/** What the page says under its title, by where the booking stands (the contracts' paymentStanding). */
const STANDING_SUBTITLES: Readonly<Record<PaymentStanding, CheckoutMessage>> = {
  awaitingAcceptance: 'order.standing.awaitingAcceptance',
  // the spec's header, for a booking that can be paid
  payable: 'order.subtitle',
  paymentFailed: 'order.standing.paymentFailed',
  paid: 'order.standing.paid',
  cancelledAfterPayment: 'order.standing.cancelledAfterPayment',
  cancelled: 'order.standing.cancelled',
  declined: 'order.standing.declined',
};

/** A history step's name (what BOOKING_EVENT_LABELS says in English). */
const EVENT_LABELS: Readonly<Record<BookingEventKind, CheckoutMessage>> = {
  requested: 'order.history.event.requested',
  accepted: 'order.history.event.accepted',
  declined: 'order.history.event.declined',
  withdrawn: 'order.history.event.withdrawn',
  paid: 'order.history.event.paid',
  paymentFailed: 'order.history.event.paymentFailed',
  newDatesProposed: 'order.history.event.newDatesProposed',
  rescheduled: 'order.history.event.rescheduled',
  newDatesDeclined: 'order.history.event.newDatesDeclined',
  cancelled: 'order.history.event.cancelled',
  refunded: 'order.history.event.refunded',
};

/** Who took a history step. */
const BY_LABELS: Readonly<Record<BookingHistory[number]['by'], CheckoutMessage>> = {
  you: 'order.history.by.you',
  provider: 'order.history.by.provider',
  payment: 'order.history.by.payment',
  system: 'order.history.by.system',
};

function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" variant="outlined" aria-labelledby={id}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function BookingInformation({ booking }: { booking: Booking }) {
  const t = useCheckoutT();
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('booking.id'), booking.bookingId],
    [t('booking.date'), formatDateRange(booking.preferredDateRange, (date) => formatDate(date, locale), locale)],
    [t('booking.time'), formatTimeRange(booking.preferredTime, locale)],
    [t('booking.service'), booking.serviceTitle],
    [t('booking.provider'), booking.providerName],
    [t('booking.package'), booking.menuName],
  ];
  if (booking.address) rows.push([t('booking.address'), formatAddress(booking.address)]);
  const note = booking.note?.trim();
  if (note) rows.push([t('booking.note'), note]);
  return (
    <SectionCard id="order-info" title={t('order.info')}>
      <Facts rows={rows} />
      {/* the conversation with the provider (issue 37, item 4) */}
      <Button component={RouterLink} to={paths.thread('booking', booking.bookingId)} variant="outlined" sx={{ minHeight: 48, mt: 2 }}>
        {t('order.messageProvider', { provider: booking.providerName })}
      </Button>
    </SectionCard>
  );
}

function PaymentRow({ label, hint, value, strong, tone }: { label: string; hint: string; value: string; strong?: boolean; tone?: 'success' }) {
  return (
    // the total's rule is its own border: a separator element is not allowed between list items
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, py: 1, ...(strong && { borderTop: 1, borderColor: 'divider' }) }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: strong ? 700 : 500 }}>{label}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap', color: tone === 'success' ? 'success.main' : undefined }}>{value}</Typography>
    </Box>
  );
}

/** The last row of the payment: what it is called and says for where the booking stands. */
const PAY_ROW: Partial<Record<PaymentStanding, { label: CheckoutMessage; hint: CheckoutMessage }>> = {
  awaitingAcceptance: { label: 'order.payment.payOnAcceptance', hint: 'order.payment.payOnAcceptanceHint' },
  payable: { label: 'order.payment.payNow', hint: 'order.payment.payNowHint' },
  paymentFailed: { label: 'order.payment.payNow', hint: 'order.payment.payNowHint' },
  paid: { label: 'order.payment.paid', hint: 'order.payment.paidHint' },
  cancelledAfterPayment: { label: 'order.payment.paid', hint: 'order.payment.paidHint' },
};

/**
 * The booking's money as the server has it: its price and discount when it had one, then the payment it
 * computes — to pay now, to pay once accepted, or paid — as fits where the booking stands. A booking
 * cancelled or declined before any payment says nothing was paid.
 */
function PaymentSummary({ booking, standing }: { booking: Booking; standing: PaymentStanding }) {
  const t = useCheckoutT();
  const locale = useLocale();
  const { payment } = booking;
  const payRow = PAY_ROW[standing];
  return (
    <SectionCard id="order-payment" title={t('order.payment.title')}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {booking.discount > 0 && (
          <>
            <PaymentRow label={t('order.payment.packagePrice')} hint={t('order.payment.packagePriceHint')} value={formatINR(booking.listAmount)} />
            <PaymentRow
              label={discountLabel(t, booking.couponCode)}
              hint={t('order.payment.discountHint')}
              value={`−${formatINR(booking.discount)}`}
              tone="success"
            />
          </>
        )}
        <PaymentRow label={t('order.payment.total')} hint={t('order.payment.totalHint')} value={formatINR(booking.amount)} />
        {payRow && (
          <>
            <PaymentRow
              label={bookingAdvanceLabel(locale)}
              hint={t('order.payment.advanceHint')}
              value={formatINR(payment.advance)}
            />
            <PaymentRow
              label={platformFeeLabel(locale)}
              hint={t('order.payment.feeHint')}
              value={formatINR(payment.platformFee)}
            />
            <PaymentRow label={gstOnFeeLabel(locale)} hint={t('order.payment.gstHint')} value={formatINR(payment.gst)} />
            <PaymentRow label={t(payRow.label)} hint={t(payRow.hint)} value={formatINR(payment.payNow)} strong />
          </>
        )}
      </Box>
      {payRow && standing !== 'cancelledAfterPayment' && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('order.payment.remaining', { amount: formatINR(payment.remaining) })}
        </Alert>
      )}
      {!payRow && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('order.payment.nothingPaid')}
        </Alert>
      )}
      {booking.invoiceNumber && <InvoiceDownload bookingId={booking.bookingId} invoiceNumber={booking.invoiceNumber} />}
      {booking.refund && (
        <Alert severity={booking.refund.status === 'failed' ? 'warning' : 'success'} sx={{ mt: 1 }}>
          {t('order.payment.refund', { refund: refundText(booking.refund, locale) })}
        </Alert>
      )}
    </SectionCard>
  );
}

/** Saves the booking's invoice PDF (fetched with the user's credential, so not a plain link). */
function InvoiceDownload({ bookingId, invoiceNumber }: { bookingId: string; invoiceNumber: string }) {
  const t = useCheckoutT();
  const fetching = useChange(getInvoicePdf);
  const busy = fetching.pending;
  const download = async () => {
    const outcome = await fetching.run(bookingId);
    if (outcome.ok) {
      saveBlob(outcome.value, `Utsav-invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`);
    } else if ('error' in outcome) {
      toast.error(t('order.invoice.failed', { reason: errorMessage(outcome.error) }));
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      <Typography variant="body2">{t('order.invoice.number', { number: invoiceNumber })}</Typography>
      <Button variant="outlined" onClick={() => void download()} disabled={busy} aria-busy={busy} sx={{ minHeight: 48 }}>
        {t('order.invoice.download')}
      </Button>
    </Box>
  );
}

/** "Requested · 25 Nov 2026, 2:05 PM": a step of the timeline, with what it said and who took it. */
function HistoryStep({ step }: { step: BookingHistory[number] }) {
  const t = useCheckoutT();
  const locale = useLocale();
  return (
    <Box component="li" sx={{ py: 0.75, borderLeft: 2, borderColor: 'primary.main', pl: 1.5, ml: 0.5 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {t(EVENT_LABELS[step.kind])}
        {step.amount ? ` ${formatINR(step.amount)}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatMoment(step.at, locale)} · {t(BY_LABELS[step.by])}
      </Typography>
      {step.detail && <Typography variant="body2">{step.detail}</Typography>}
    </Box>
  );
}

/**
 * The booking's timeline from what the server stored (requested, accepted, paid, moved, cancelled, refunded…);
 * asked again whenever the booking changes (showBookingChange).
 */
function History({ booking }: { booking: Booking }) {
  const t = useCheckoutT();
  const history = useApi(bookingResources.history(booking.bookingId));
  const finished = isFinished(booking, todayInIndia());
  return (
    <SectionCard id="order-history" title={t('order.history.title')}>
      {history.status === 'error' && <LoadError message={t('order.history.loadError')} onRetry={history.retry} />}
      {history.status === 'success' && (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {history.data.map((step, index) => (
            <HistoryStep key={`${step.kind}-${index}`} step={step} />
          ))}
        </Box>
      )}
      {history.status !== 'success' && history.status !== 'error' && <Skeleton variant="rounded" sx={{ height: 96 }} aria-hidden />}
      {finished && (
        <Button component={RouterLink} to={paths.slots(booking.serviceId, booking.menuId)} variant="outlined" sx={{ minHeight: 48, mt: 2 }}>
          {t('order.history.bookAgain')}
        </Button>
      )}
    </SectionCard>
  );
}

/** Proceed to Payment, for a booking that can be paid (paymentStanding: payable, or its payment failed). */
function PayBar({ pay, phase }: { pay: () => Promise<void>; phase: PaymentPhase }) {
  const t = useCheckoutT();
  const session = useSession();
  const busy = phase !== 'idle';
  return (
    <Box
      {...ACTION_BAR}
      sx={{
        position: 'sticky',
        bottom: { xs: 64, md: 0 },
        zIndex: 2,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        mx: { xs: -2, sm: 0 },
        px: 2,
        py: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={session.status !== 'signedIn' || busy}
        onClick={() => void pay()}
        startIcon={busy ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
        sx={{ minHeight: 48 }}
      >
        {t(phase === 'preparing' ? 'order.pay.preparing' : phase === 'open' ? 'order.pay.open' : 'order.pay.proceed')}
      </Button>
      <TermsAgreement />
    </Box>
  );
}

function Loading() {
  const t = useCheckoutT();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box role="status" sx={visuallyHidden}>
        {t('order.loading')}
      </Box>
      <Skeleton variant="rounded" sx={{ height: 180 }} aria-hidden />
      <Skeleton variant="rounded" sx={{ height: 320 }} aria-hidden />
    </Box>
  );
}

/** No booking to show: the page says only that, and where bookings are. */
function NotFound({ message }: { message: string }) {
  const t = useCheckoutT();
  return (
    <Page title={t('order.title')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
          {message}
        </Alert>
        <Button component={RouterLink} to={paths.bookings()} variant="contained" sx={{ minHeight: 48 }}>
          {t('order.myBookings')}
        </Button>
      </Box>
    </Page>
  );
}

function Summary({ bid }: { bid: string }) {
  const t = useCheckoutT();
  // accepted, paid, moved, refunded…: the live stream brings this booking as it is now (showBookingChange)
  const booking = useApi(bookingResources.one(bid));
  // the payment lives as long as the page, not its button: a booking the live stream turns paid while its
  // checkout finishes still goes on to the payment's result; leaving the page closes the checkout
  const { pay, phase } = usePayment(booking.status === 'success' ? booking.data : undefined);
  if (booking.status === 'error') {
    // a booking that is not there: the page says only that
    if (isNotFound(booking.error)) return <NotFound message={t('order.notFound')} />;
    return (
      <Page title={t('order.title')}>
        <LoadError message={t('order.loadError')} onRetry={booking.retry} />
      </Page>
    );
  }
  if (booking.status !== 'success') {
    return (
      <Page title={t('order.title')}>
        <Loading />
      </Page>
    );
  }
  const standing = paymentStanding(booking.data);
  const payable = standing === 'payable' || standing === 'paymentFailed';
  return (
    <Page title={t('order.title')} subtitle={t(STANDING_SUBTITLES[standing])}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <BookingInformation booking={booking.data} />
        <PaymentSummary booking={booking.data} standing={standing} />
        {booking.data.status !== 'cancelled' && booking.data.failureReason !== 'declined' && (
          <Card component="section" variant="outlined" aria-label={t('order.policy')}>
            <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
              <CancellationPolicy headingLevel={2} />
            </CardContent>
          </Card>
        )}
        {/* asked again when the booking changes (the live stream, a payment): its history has a new step */}
        <History booking={booking.data} />
        {payable && <PayBar pay={pay} phase={phase} />}
      </Box>
    </Page>
  );
}

/** /bookings/order_summary?bid=… (spec §2 Order Summary, §4 Payment). */
export default function OrderSummaryPage() {
  const t = useCheckoutT();
  const [params] = useSearchParams();
  const bid = params.get('bid')?.trim() ?? '';
  return bid ? <Summary bid={bid} /> : <NotFound message={t('order.noBooking')} />;
}
