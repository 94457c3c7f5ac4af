import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage, Facts, formatINR, LoadError, monthName, Page, saveBlob, toast, useApi, useChange, useLocale } from '@utsav/contracts';
import { getEarningsCsv } from '@utsav/contracts/provider';
import { providerResources } from '@utsav/contracts/provider-resources';
import type { EarningsFigures, EarningsMonth } from '@utsav/contracts/schemas';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { ProviderNav } from '../features/listing/ProviderNav';
import { ListingPicker } from '../features/listing/ListingPicker';
import { useProviderT } from '../i18n';

/** The ledger's figures as the server summed them (paise), in rupees; nothing is added up here. */
function useFigureRows() {
  const t = useProviderT();
  return (figures: EarningsFigures): [string, string][] => [
    [t('earnings.advances', { count: figures.payments }), formatINR(figures.advances)],
    [t('earnings.refunds', { count: figures.refundCount }), `− ${formatINR(figures.refunds)}`],
    [t('earnings.net'), formatINR(figures.net)],
    [t('earnings.platformFee'), formatINR(figures.platformFee)],
    [t('earnings.gst'), formatINR(figures.gst)],
  ];
}

function MonthCard({ month }: { month: EarningsMonth }) {
  const locale = useLocale();
  const rows = useFigureRows();
  const [year, number] = month.month.split('-').map(Number) as [number, number];
  const title = `${monthName(number - 1, locale)} ${year}`;
  return (
    <Card component="li" variant="outlined" aria-label={title} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Facts rows={rows(month)} dense alignEnd />
      </CardContent>
    </Card>
  );
}

function CsvDownload({ providerId }: { providerId: string }) {
  const t = useProviderT();
  const locale = useLocale();
  const fetching = useChange(getEarningsCsv);
  const download = async () => {
    const outcome = await fetching.run(providerId);
    if (outcome.ok) {
      saveBlob(outcome.value, 'utsav-earnings.csv');
    } else if ('error' in outcome) {
      toast.error(t('earnings.csvFailed', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  };
  return (
    <Button variant="outlined" onClick={() => void download()} disabled={fetching.pending} aria-busy={fetching.pending} sx={{ minHeight: 48 }}>
      {t('earnings.csv')}
    </Button>
  );
}

function Figures() {
  const t = useProviderT();
  const rows = useFigureRows();
  const { listing } = useProviderScope();
  const earnings = useApi(providerResources.earnings(listing.id), { refetchOnFocus: true });
  if (earnings.status === 'error') return <LoadError message={t('earnings.loadError')} onRetry={earnings.retry} />;
  if (earnings.status !== 'success') return <Skeleton variant="rounded" height={260} role="status" aria-label={t('earnings.loading')} />;
  const { totals, months } = earnings.data;
  const withActivity = months.filter((month) => month.payments > 0 || month.refundCount > 0);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Card component="section" variant="outlined" aria-label={t('earnings.totals', { count: months.length })}>
        <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('earnings.totals', { count: months.length })}
          </Typography>
          <Facts rows={rows(totals)} alignEnd />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('earnings.feeNote')}
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <CsvDownload providerId={listing.id} />
      </Box>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('earnings.byMonth')}
      </Typography>
      {withActivity.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('earnings.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {withActivity.map((month) => (
            <MonthCard key={month.month} month={month} />
          ))}
        </Box>
      )}
    </Box>
  );
}

export const preload = preloadProvider();

/** /provider/earnings: advances received per month, refunds, the invoices' platform fee, and a CSV — all from the ledger. */
export default function EarningsPage() {
  const t = useProviderT();
  return (
    <ProviderGate title={t('earnings.title')}>
      <Page title={t('earnings.title')}>
        <ProviderNav />
        <ListingPicker />
        <Figures />
      </Page>
    </ProviderGate>
  );
}
