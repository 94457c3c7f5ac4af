import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import Skeleton from '@mui/material/Skeleton';
import { Facts, formatAddress, formatDay, formatINR, getConfig, paths, useApi, useLocale } from '@utsav/contracts';
import { bookingResources } from '@utsav/contracts/resources';
import { useCheckoutT } from '../i18n';

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
  const t = useCheckoutT();
  const booking = useApi(bookingResources.one(bid));
  if (booking.status === 'error') return null;
  if (booking.status !== 'success') return <Skeleton variant="rounded" sx={{ width: 1, height: 72 }} aria-hidden />;
  const { serviceTitle, providerName, address } = booking.data;
  const rows: [string, string][] = [
    [t('booking.service'), serviceTitle],
    [t('booking.provider'), providerName],
  ];
  if (address) rows.push([t('booking.address'), formatAddress(address)]);
  return <Facts alignEnd rows={rows} />;
}

function Success({ params }: { params: URLSearchParams }) {
  const t = useCheckoutT();
  const locale = useLocale();
  const bid = text(params, 'bid');
  return (
    <>
      <CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('status.successTitle')}
      </Typography>
      <Facts
        alignEnd
        rows={[
          [t('status.amountPaid'), formatINR(amountOf(params))],
          [t('status.transactionId'), text(params, 'paymentId') || t('status.notAvailable')],
          [t('status.date'), formatDay(new Date(), locale)],
        ]}
      />
      {bid && <BookingRows bid={bid} />}
      <Box sx={{ width: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Button component={RouterLink} to={paths.home()} variant="contained" fullWidth sx={buttonSx}>
          {t('status.dashboard')}
        </Button>
        {bid && (
          <Button component={RouterLink} to={paths.orderSummary(bid)} variant="outlined" fullWidth sx={buttonSx}>
            {t('status.viewOrder')}
          </Button>
        )}
      </Box>
      <Typography sx={{ color: 'text.secondary' }}>{t('status.thanks')}</Typography>
    </>
  );
}

function Failure({ params }: { params: URLSearchParams }) {
  const t = useCheckoutT();
  const bid = text(params, 'bid');
  const support = getConfig().supportEmail;
  return (
    <>
      <Cancel color="error" sx={{ fontSize: 64 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('status.failureTitle')}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{text(params, 'message') || t('status.tryAgain')}</Typography>
      <Facts
        alignEnd
        rows={[
          [t('status.amount'), formatINR(amountOf(params))],
          [t('status.orderId'), text(params, 'orderId') || t('status.notAvailable')],
        ]}
      />
      {bid && <BookingRows bid={bid} />}
      <Box sx={{ width: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {/* without a booking id, the place to start a payment again is My Bookings */}
        <Button component={RouterLink} to={bid ? paths.orderSummary(bid) : paths.bookings()} variant="contained" fullWidth sx={buttonSx}>
          {t('status.payAgain')}
        </Button>
        <Button component="a" href={`mailto:${support}`} variant="outlined" fullWidth sx={buttonSx}>
          {t('status.support')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('status.help')}{' '}
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
