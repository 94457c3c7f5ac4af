import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { apiStatus, errorMessage, formatDate, formatINR, LoadError, Page, paths, prefetch, useApi, useLocale, type PagePreload } from '@utsav/contracts';
import { planResources } from '@utsav/contracts/plan-resources';
import type { ShortlistComparison } from '@utsav/contracts/schemas';
import { usePlansT } from '../features/plans/i18n';

type Compared = ShortlistComparison['services'][number];

/** The address's services (`serviceIds=a,b`), in its order, and the event compared for. */
function addressOf(params: URLSearchParams) {
  const serviceIds = (params.get('serviceIds') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return { serviceIds, eventId: params.get('eventId') || null };
}

/** One row of the comparison: what it compares, and each service's value. */
interface Row {
  label: string;
  value: (service: Compared) => string;
}

function Table({ comparison }: { comparison: ShortlistComparison }) {
  const t = usePlansT();
  const locale = useLocale();
  const { event, services } = comparison;
  const rows: Row[] = [
    { label: t('compare.priceFrom'), value: (s) => formatINR(s.priceFrom) },
    {
      label: t('compare.rating'),
      value: (s) => (s.rating === null ? t('shortlist.noReviews') : t('shortlist.rating', { rating: s.rating.toFixed(1), count: s.reviewCount })),
    },
    { label: t('compare.city'), value: (s) => s.city },
    { label: t('compare.provider'), value: (s) => s.providerName },
    ...(event
      ? [{ label: t('compare.capacity', { date: formatDate(event.date, locale) }), value: (s: Compared) => t(s.capacity ? 'compare.free' : 'compare.full') }]
      : []),
    { label: t('compare.cancellation'), value: (s) => s.cancellationTerms },
  ];
  return (
    <Box sx={{ overflowX: 'auto', mx: { xs: -2, sm: 0 }, px: { xs: 2, sm: 0 } }}>
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          tableLayout: 'fixed',
          width: '100%',
          minWidth: services.length * 150 + 110,
          '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 1, verticalAlign: 'top', textAlign: 'left', typography: 'body2', overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
          '& thead th': { typography: 'subtitle2', fontWeight: 700 },
          '& tbody th': { color: 'text.secondary', fontWeight: 400 },
          '& col.labels': { width: 110 },
        }}
      >
        <caption style={{ textAlign: 'left', captionSide: 'top', paddingBottom: 8 }}>
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {event ? t('compare.captionEvent', { date: formatDate(event.date, locale) }) : t('compare.caption')}
          </Typography>
        </caption>
        <colgroup>
          <col className="labels" />
          {services.map((s) => (
            <col key={s.serviceId} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td />
            {services.map((s) => (
              <Box component="th" scope="col" key={s.serviceId}>
                <Link component={RouterLink} to={paths.serviceDetail(s.serviceId)}>
                  {s.title}
                </Link>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {services.map((s) => (
                <td key={s.serviceId}>{row.value(s)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function Comparison({ serviceIds, eventId }: { serviceIds: string[]; eventId: string | null }) {
  const t = usePlansT();
  const locale = useLocale();
  const comparison = useApi(planResources.comparison(serviceIds, eventId));
  if (comparison.status === 'error') {
    const status = apiStatus(comparison.error);
    // a wrong address (too few, an id not saved, an event not theirs): the server's words, and the way back
    if (status !== null && status >= 400 && status < 500)
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <Typography role="alert">{errorMessage(comparison.error, undefined, locale)}</Typography>
          <Button component={RouterLink} to={paths.shortlist()} variant="outlined" sx={{ minHeight: 48 }}>
            {t('compare.back')}
          </Button>
        </Box>
      );
    return <LoadError message={t('compare.loadError')} onRetry={comparison.retry} />;
  }
  if (comparison.status !== 'success') return <Skeleton variant="rounded" height={280} role="status" aria-label={t('compare.loading')} />;
  return <Table comparison={comparison.data} />;
}

/** Asks for the comparison as soon as the page is asked for. */
export const preload: PagePreload = ({ search }) => {
  const { serviceIds, eventId } = addressOf(search);
  if (serviceIds.length > 0) prefetch(planResources.comparison(serviceIds, eventId));
};

/** /shortlist/compare: 2–4 shortlisted services side by side (price from, rating, city, the event date's capacity, cancellation terms). */
export default function ComparePage() {
  const t = usePlansT();
  const [params] = useSearchParams();
  const { serviceIds, eventId } = addressOf(params);
  return (
    <Page title={t('compare.title')}>
      <Comparison key={`${serviceIds.join(',')}|${eventId ?? ''}`} serviceIds={serviceIds} eventId={eventId} />
    </Page>
  );
}
