import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CancellationPolicy, errorMessage, Facts, formatAddress, formatDateRange, formatINR, formatTimeRange, isNotFound, LoadError, Page, paths, TermsAgreement, toast, useApi, useLiveBooking, useSession, visuallyHidden } from '@utsav/contracts';
import { getBooking, getBookingHistory, getInvoicePdf } from '@utsav/contracts/booking';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { formatMomentInIndia } from '@utsav/contracts/slot-rules';
import { isFinished, isPayable } from '@utsav/contracts/booking-state';
import { refundText } from '@utsav/contracts/cancellation-policy';
import { BOOKING_ADVANCE_LABEL, GST_ON_FEE_LABEL, PLATFORM_FEE_LABEL } from '@utsav/contracts/money';
import { BOOKING_EVENT_LABELS, type Booking, type BookingHistory } from '@utsav/contracts/schemas';
import { usePayment } from '../features/payment/use-payment';

const TITLE = 'Order Summary';
const SUBTITLE = 'Review your booking before payment';

/** Why the button is off, in words. */
export function notPayableReason(booking: Booking): string {
  switch (booking.status) {
    case 'requested':
      return 'Waiting for the provider to accept your request.';
    case 'confirmed':
      return 'This booking is paid.';
    case 'cancelled':
      return 'This booking was cancelled.';
    case 'failed':
      return 'The provider declined this booking.';
    default:
      return 'This booking cannot be paid now.';
  }
}

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
  const rows: [string, string][] = [
    ['Booking ID', booking.bookingId],
    ['Date', formatDateRange(booking.preferredDateRange)],
    ['Time', formatTimeRange(booking.preferredTime)],
    ['Service', booking.serviceTitle],
    ['Provider', booking.providerName],
    ['Package', booking.menuName],
  ];
  if (booking.address) rows.push(['Address', formatAddress(booking.address)]);
  const note = booking.note?.trim();
  if (note) rows.push(['Special Note', note]);
  return (
    <SectionCard id="order-info" title="Booking Information">
      <Facts rows={rows} />
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

/** The booking's money as the server has it: its price and discount when it had one, then the payment it computes. */
function PaymentSummary({ booking }: { booking: Booking }) {
  const { payment } = booking;
  return (
    <SectionCard id="order-payment" title="Booking Payment Summary">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {booking.discount > 0 && (
          <>
            <PaymentRow label="Package Price" hint="The package's price when booked" value={formatINR(booking.listAmount)} />
            <PaymentRow
              label={booking.couponCode ? `Discount (${booking.couponCode})` : 'Discount'}
              hint="Coupon applied at checkout"
              value={`−${formatINR(booking.discount)}`}
              tone="success"
            />
          </>
        )}
        <PaymentRow label="Total Service Value" hint="Payable in full" value={formatINR(booking.amount)} />
        <PaymentRow label={BOOKING_ADVANCE_LABEL} hint="Secures your slot" value={formatINR(payment.advance)} />
        <PaymentRow label={PLATFORM_FEE_LABEL} hint="Charged separately" value={formatINR(payment.platformFee)} />
        <PaymentRow label={GST_ON_FEE_LABEL} hint="On platform fee" value={formatINR(payment.gst)} />
        <PaymentRow label="Amount to Pay Now" hint="includes booking advance, platform fee and taxes" value={formatINR(payment.payNow)} strong />
      </Box>
      <Alert severity="info" sx={{ mt: 1 }}>
        The remaining amount of {formatINR(payment.remaining)} is paid to the provider after service completion.
      </Alert>
      {booking.invoiceNumber && <InvoiceDownload bookingId={booking.bookingId} invoiceNumber={booking.invoiceNumber} />}
      {booking.refund && (
        <Alert severity={booking.refund.status === 'failed' ? 'warning' : 'success'} sx={{ mt: 1 }}>
          Refund of your advance: {refundText(booking.refund)}
        </Alert>
      )}
    </SectionCard>
  );
}

/** Saves the booking's invoice PDF (fetched with the user's credential, so not a plain link). */
function InvoiceDownload({ bookingId, invoiceNumber }: { bookingId: string; invoiceNumber: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const pdf = await getInvoicePdf(bookingId);
      const url = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = url;
      link.download = `Utsav-invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error(`Could not download the invoice: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      <Typography variant="body2">Tax invoice {invoiceNumber}</Typography>
      <Button variant="outlined" onClick={() => void download()} disabled={busy} aria-busy={busy} sx={{ minHeight: 48 }}>
        Download invoice
      </Button>
    </Box>
  );
}

/** "Requested · 25 Nov 2026, 2:05 PM": a step of the timeline, with what it said and who took it. */
function HistoryStep({ step }: { step: BookingHistory[number] }) {
  const by = step.by === 'you' ? 'You' : step.by === 'provider' ? 'The provider' : step.by === 'payment' ? 'Payment' : 'Utsav';
  return (
    <Box component="li" sx={{ py: 0.75, borderLeft: 2, borderColor: 'primary.main', pl: 1.5, ml: 0.5 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {BOOKING_EVENT_LABELS[step.kind]}
        {step.amount ? ` ${formatINR(step.amount)}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatMomentInIndia(step.at)} · {by}
      </Typography>
      {step.detail && <Typography variant="body2">{step.detail}</Typography>}
    </Box>
  );
}

/** What changes when a step is added to a booking's history. */
const historyKey = (booking: Booking) =>
  [booking.status, booking.failureReason, booking.refund?.status, booking.preferredDateRange.from, booking.preferredDateRange.to, booking.reschedule?.preferredDateRange.from].join('|');

/** The booking's timeline from what the server stored (requested, accepted, paid, moved, cancelled, refunded…). */
function History({ booking }: { booking: Booking }) {
  const history = useApi((signal) => getBookingHistory(booking.bookingId, signal), [booking.bookingId]);
  const finished = isFinished(booking, todayInIndia());
  return (
    <SectionCard id="order-history" title="History">
      {history.status === 'error' && <LoadError message="We couldn't load this booking's history." onRetry={history.retry} />}
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
          Book again
        </Button>
      )}
    </SectionCard>
  );
}

function PayBar({ booking }: { booking: Booking }) {
  const session = useSession();
  const { pay, phase } = usePayment(booking);
  const payable = isPayable(booking) && session.status === 'signedIn';
  const busy = phase !== 'idle';
  return (
    <Box
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
      {!isPayable(booking) && (
        <Typography id="pay-reason" role="status" sx={{ fontWeight: 500 }}>
          {notPayableReason(booking)}
        </Typography>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={!payable || busy}
        aria-describedby={isPayable(booking) ? undefined : 'pay-reason'}
        onClick={() => void pay()}
        startIcon={busy ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
        sx={{ minHeight: 48 }}
      >
        {phase === 'preparing' ? 'Preparing payment…' : phase === 'open' ? 'Payment in progress…' : 'Proceed to Payment'}
      </Button>
      <TermsAgreement />
    </Box>
  );
}

function Loading() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box role="status" sx={visuallyHidden}>
        Loading your booking…
      </Box>
      <Skeleton variant="rounded" sx={{ height: 180 }} aria-hidden />
      <Skeleton variant="rounded" sx={{ height: 320 }} aria-hidden />
    </Box>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
        {message}
      </Alert>
      <Button component={RouterLink} to={paths.bookings()} variant="contained" sx={{ minHeight: 48 }}>
        Go to My Bookings
      </Button>
    </Box>
  );
}

function Summary({ bid }: { bid: string }) {
  const booking = useApi((signal) => getBooking(bid, signal), [bid]);
  // accepted, paid, moved, refunded…: the live stream brings this booking as it is now
  const { update } = booking;
  useLiveBooking((changed) => {
    if (changed.bookingId === bid) update(() => changed);
  });
  if (booking.status === 'error') {
    if (isNotFound(booking.error)) return <NotFound message="We couldn't find this booking." />;
    return (
      <LoadError message="We couldn't load this booking." onRetry={booking.retry} />
    );
  }
  if (booking.status !== 'success') return <Loading />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <BookingInformation booking={booking.data} />
      <PaymentSummary booking={booking.data} />
      {booking.data.status !== 'cancelled' && booking.data.failureReason !== 'declined' && (
        <Card component="section" variant="outlined" aria-label="Cancellation policy">
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <CancellationPolicy headingLevel={2} />
          </CardContent>
        </Card>
      )}
      {/* asked again when the booking changes (the live stream, a payment): its history has a new step */}
      <History key={historyKey(booking.data)} booking={booking.data} />
      <PayBar booking={booking.data} />
    </Box>
  );
}

/** /bookings/order_summary?bid=… (spec §2 Order Summary, §4 Payment). */
export default function OrderSummaryPage() {
  const [params] = useSearchParams();
  const bid = params.get('bid')?.trim() ?? '';
  return (
    <Page title={TITLE} subtitle={SUBTITLE}>
      {bid ? <Summary bid={bid} /> : <NotFound message="No booking was chosen. Open a booking from My Bookings to pay for it." />}
    </Page>
  );
}
