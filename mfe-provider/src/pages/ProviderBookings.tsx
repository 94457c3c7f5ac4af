import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateRange, formatTimeRange, LoadError, Page, paths, useApi, useLocale, useUrlTab } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import { todayInIndia } from '@utsav/contracts/booking-request';
import type { ProviderBooking } from '@utsav/contracts/schemas';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { ProviderNav } from '../features/listing/ProviderNav';
import { PROVIDER_BOOKING_TABS, providerBookingTab, statusLabel, type ProviderBookingTab } from '../features/bookings';
import { useProviderT, type ProviderMessage } from '../i18n';

const TAB_LABELS: Record<ProviderBookingTab, ProviderMessage> = { upcoming: 'bookings.tab.upcoming', past: 'bookings.tab.past', closed: 'bookings.tab.closed' };

function BookingRow({ booking }: { booking: ProviderBooking }) {
  const t = useProviderT();
  const locale = useLocale();
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={paths.providerBooking(booking.bookingId)} sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
          <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {booking.consumer.name}
          </Typography>
          <Chip size="small" label={t(statusLabel(booking))} />
        </Box>
        <Typography variant="body2">{`${booking.serviceTitle} · ${booking.menuName}`}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {`${formatDateRange(booking.preferredDateRange, (date) => formatDate(date, locale), locale)}, ${formatTimeRange(booking.preferredTime, locale)}`}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

function Bookings({ tab }: { tab: ProviderBookingTab }) {
  const t = useProviderT();
  const { uid } = useProviderScope();
  const bookings = useApi(providerResources.bookings(uid), { refetchOnFocus: true });
  if (bookings.status === 'error') return <LoadError message={t('bookings.loadError')} onRetry={bookings.retry} />;
  if (bookings.status !== 'success') return <Skeleton variant="rounded" height={200} role="status" aria-label={t('bookings.loading')} />;
  const today = todayInIndia();
  const shown = bookings.data.filter((booking) => providerBookingTab(booking, today) === tab);
  // coming up: the soonest first; the rest: the latest first
  if (tab === 'upcoming') shown.sort((a, b) => a.preferredDateRange.from.localeCompare(b.preferredDateRange.from));
  if (shown.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t(`bookings.empty.${tab}`)}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {shown.map((booking) => (
        <BookingRow key={booking.bookingId} booking={booking} />
      ))}
    </Box>
  );
}

export const preload = preloadProvider((uid) => [providerResources.bookings(uid)]);

/** /provider/bookings: the listings' bookings — upcoming, past, and those declined, cancelled or unpaid. */
export default function ProviderBookingsPage() {
  const t = useProviderT();
  const [tab, setTab] = useUrlTab(PROVIDER_BOOKING_TABS);
  return (
    <ProviderGate title={t('bookings.title')}>
      <Page title={t('bookings.title')}>
        <ProviderNav />
        <Tabs value={tab} onChange={(_, value: ProviderBookingTab) => setTab(value)} variant="fullWidth" aria-label={t('bookings.tabs')} sx={{ mb: 2 }}>
          {PROVIDER_BOOKING_TABS.map((one) => (
            <Tab key={one} value={one} label={t(TAB_LABELS[one])} id={`provider-tab-${one}`} aria-controls="provider-bookings-panel" sx={{ minHeight: 48 }} />
          ))}
        </Tabs>
        <Box role="tabpanel" id="provider-bookings-panel" aria-labelledby={`provider-tab-${tab}`}>
          <Bookings tab={tab} />
        </Box>
      </Page>
    </ProviderGate>
  );
}
