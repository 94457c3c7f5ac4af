import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import Skeleton from '@mui/material/Skeleton';
import { Facts, formatAddress, formatDay, formatINR, getConfig, paths, useApi } from '@utsav/contracts';
import { getBooking } from '@utsav/contracts/booking';

const MAX_TEXT = 200;

/** Query values are untrusted: plain text only (React escapes it), trimmed and kept short. */
function text(params: URLSearchParams, key: string): string {
  return (params.get(key) ?? '').trim().slice(0, MAX_TEXT);
}

/** Amount in paise; anything that is not a whole non-negative number counts as 0 (spec: defaults to 0.00). */
function amountOf(params: URLSearchParams): number {
  const raw = params.get('amount');
  const value = raw === null || raw.trim() === '' ? 0 : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

const buttonSx = { minHeight: 48 } as const;

/**
 * Who and where: the booking's service, provider and address, read from the API (never from the query).
 * Nothing when there is no booking id or it cannot be read: the payment's own rows still stand.
 */
function BookingRows({ bid }: { bid: string }) {
  const booking = useApi((signal) => getBooking(bid, signal), [bid]);
  if (booking.status === 'error') return null;
  if (booking.status !== 'success') return <Skeleton variant="rounded" sx={{ width: 1, height: 72 }} aria-hidden />;
  const { serviceTitle, providerName, address } = booking.data;
  const rows: [string, string][] = [
    ['Service', serviceTitle],
    ['Provider', providerName],
  ];
  if (address) rows.push(['Address', formatAddress(address)]);
  return <Facts alignEnd rows={rows} />;
}

function Success({ params }: { params: URLSearchParams }) {
  const bid = text(params, 'bid');
  return (
    <>
      <CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        Payment Successful!
      </Typography>
      <Facts
        alignEnd
        rows={[
          ['Amount Paid', formatINR(amountOf(params))],
          ['Transaction ID', text(params, 'paymentId') || 'N/A'],
          ['Date', formatDay(new Date())],
        ]}
      />
      {bid && <BookingRows bid={bid} />}
      <Box sx={{ width: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Button component={RouterLink} to={paths.home()} variant="contained" fullWidth sx={buttonSx}>
          Continue to Dashboard
        </Button>
        {bid && (
          <Button component={RouterLink} to={paths.orderSummary(bid)} variant="outlined" fullWidth sx={buttonSx}>
            View Order Details
          </Button>
        )}
      </Box>
      <Typography sx={{ color: 'text.secondary' }}>Thank you for your purchase!</Typography>
    </>
  );
}

function Failure({ params }: { params: URLSearchParams }) {
  const bid = text(params, 'bid');
  const support = getConfig().supportEmail;
  return (
    <>
      <Cancel color="error" sx={{ fontSize: 64 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        Payment Failed
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{text(params, 'message') || 'Please try again.'}</Typography>
      <Facts
        alignEnd
        rows={[
          ['Amount', formatINR(amountOf(params))],
          ['Order ID', text(params, 'orderId') || 'N/A'],
        ]}
      />
      {bid && <BookingRows bid={bid} />}
      <Box sx={{ width: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {/* without a booking id, the place to start a payment again is My Bookings */}
        <Button component={RouterLink} to={bid ? paths.orderSummary(bid) : paths.bookings()} variant="contained" fullWidth sx={buttonSx}>
          Try Payment Again
        </Button>
        <Button component="a" href={`mailto:${support}`} variant="outlined" fullWidth sx={buttonSx}>
          Contact Support
        </Button>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Need help? Write to us at{' '}
        <Box component="a" href={`mailto:${support}`} sx={{ color: 'primary.main', overflowWrap: 'anywhere' }}>
          {support}
        </Box>
      </Typography>
    </>
  );
}

/** /payment-status?status=success|failure&amount=&paymentId=&orderId=&bid=&message= (spec §2 Payment status). */
export default function PaymentStatusPage() {
  const [params] = useSearchParams();
  const success = params.get('status') === 'success';
  return (
    <Box sx={{ px: 2, py: { xs: 3, sm: 5 }, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
      <Card variant="outlined" sx={{ width: 1, maxWidth: 440 }}>
        <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
          {success ? <Success params={params} /> : <Failure params={params} />}
        </CardContent>
      </Card>
    </Box>
  );
}
