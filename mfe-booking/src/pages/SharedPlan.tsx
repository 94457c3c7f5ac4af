import { Link as RouterLink, useParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  currentCache,
  Facts,
  formatDate,
  formatDateRange,
  formatINR,
  isNotFound,
  LoadError,
  Page,
  paths,
  prefetch,
  translateIn,
  useApi,
  useLocale,
  type Locale,
  type PageHeadOf,
  type PagePreload,
} from '@utsav/contracts';
import { planResources } from '@utsav/contracts/plan-resources';
import { planKeys } from '@utsav/contracts/plans';
import type { SharedEvent, SharedPlan } from '@utsav/contracts/schemas';
import { eventTitle, inOneLine } from '../features/plans/plan-text';
import { usePlansT } from '../features/plans/i18n';
import { SHARE_MESSAGES, useShareT, type ShareMessage } from '../features/share/i18n';

/** The picture of the link's preview: the app's icon, on the app's own origin (host-shell/public). */
const PREVIEW_IMAGE = '/icons/icon-512.png';

/** Asks for the shared plan as soon as the page is asked for (on the server: before its head is written). */
export const preload: PagePreload = ({ params }) => {
  if (params.token) prefetch(planResources.sharedPlan(params.token));
};

const say = (locale: Locale, id: ShareMessage, values?: Record<string, string | number>) => translateIn(locale, SHARE_MESSAGES, id, values);

/** The plan's dates and home city in one line: '12 Feb 2027 – 14 Feb 2027 · Jaipur'. */
const datesAndCity = (plan: SharedPlan, locale: Locale) => inOneLine(formatDateRange(plan, (date) => formatDate(date, locale), locale), plan.homeCity);

/**
 * The head the host's server writes for a shared link (its route has `ownHead`): the plan's title and a line of its
 * dates, city and number of events, for the preview WhatsApp shows; never indexed. A link that does not (or no longer)
 * work is a 404 that says so.
 */
export const head: PageHeadOf = ({ params, locale }) => {
  const state = currentCache().state<SharedPlan>(planKeys.sharedPlan(params.token ?? ''));
  if (state.status === 'success') {
    const plan = state.data;
    const events = say(locale, 'shared.eventCount', { count: plan.events.length });
    return { title: plan.title, description: inOneLine(datesAndCity(plan, locale), events), image: PREVIEW_IMAGE, noindex: true };
  }
  if (state.status === 'error' && isNotFound(state.error)) return { title: say(locale, 'shared.gone.title'), noindex: true, status: 404 };
  // the API could not be asked: the page says so, and the app's own title stays
  return null;
};

function VendorList({ event, showPrices }: { event: SharedEvent; showPrices: boolean }) {
  const t = useShareT();
  const plansT = usePlansT();
  if (event.vendors.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('shared.noVendors')}</Typography>;
  return (
    <Box component="ul" aria-label={`${t('shared.vendors')}: ${eventTitle(event, plansT)}`} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {event.vendors.map((vendor, index) => (
        <Box component="li" key={index} sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>{t('shared.vendor', { service: vendor.title, provider: vendor.providerName })}</Typography>
          {showPrices && vendor.amount !== null && <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatINR(vendor.amount)}</Typography>}
        </Box>
      ))}
    </Box>
  );
}

function EventCard({ event, showPrices }: { event: SharedEvent; showPrices: boolean }) {
  const t = useShareT();
  const plansT = usePlansT();
  const locale = useLocale();
  const title = eventTitle(event, plansT);
  return (
    <Card component="li" variant="outlined" aria-label={title} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Facts
          dense
          rows={[
            [plansT('plans.event.date'), formatDate(event.date, locale)],
            ...(event.city ? [[plansT('plans.event.city'), event.city] as [string, string]] : []),
          ]}
        />
        <Typography component="h4" variant="body2" sx={{ fontWeight: 700, mt: 0.5 }}>
          {t('shared.vendors')}
        </Typography>
        <VendorList event={event} showPrices={showPrices} />
      </CardContent>
    </Card>
  );
}

function SharedPlanView({ plan }: { plan: SharedPlan }) {
  const t = useShareT();
  const locale = useLocale();
  return (
    <>
      <Typography variant="overline" component="p" sx={{ color: 'primary.main', fontWeight: 700 }}>
        {t('shared.label')}
      </Typography>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {plan.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{datesAndCity(plan, locale)}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        {t('shared.readOnly')}
      </Typography>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('shared.events')}
      </Typography>
      {plan.events.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('shared.noEvents')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('shared.events')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {plan.events.map((event, index) => (
            <EventCard key={index} event={event} showPrices={plan.showPrices} />
          ))}
        </Box>
      )}
      <Button component={RouterLink} to={paths.home()} variant="outlined" sx={{ mt: 3, minHeight: 48 }}>
        {t('shared.cta')}
      </Button>
    </>
  );
}

function LinkGone() {
  const t = useShareT();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('shared.gone.title')}
      </Typography>
      <Typography>{t('shared.gone.text')}</Typography>
      <Button component={RouterLink} to={paths.home()} variant="contained" sx={{ minHeight: 48 }}>
        {t('shared.gone.home')}
      </Button>
    </Box>
  );
}

/**
 * /shared/plan/:token: a plan its couple shared read-only, for family members who open the link on their phones
 * without signing in: the plan's title, dates and city, its events and the vendors booked for each (prices only when
 * the couple shows them). Nothing here changes anything. A link that does not (or no longer) work says so.
 */
export default function SharedPlanPage() {
  const { token = '' } = useParams();
  const t = useShareT();
  const plan = useApi(planResources.sharedPlan(token));
  return (
    <Page>
      {plan.status === 'success' ? (
        <SharedPlanView plan={plan.data} />
      ) : plan.status === 'error' ? (
        isNotFound(plan.error) ? (
          <LinkGone />
        ) : (
          <LoadError message={t('shared.loadError')} onRetry={plan.retry} />
        )
      ) : (
        <Skeleton variant="rounded" height={240} role="status" aria-label={t('shared.loading')} />
      )}
    </Page>
  );
}
