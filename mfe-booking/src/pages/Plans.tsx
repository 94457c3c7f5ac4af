import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import { formatDate, formatDateRange, LoadError, Page, paths, prefetchForUser, useApi, useApiCache, useLocale, useOnline, type PagePreload } from '@utsav/contracts';
import { planResources } from '@utsav/contracts/plan-resources';
import { planKeys, SAVED_PLANS } from '@utsav/contracts/plans';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import type { Plan } from '@utsav/contracts/schemas';
import { inOneLine } from '../features/plans/plan-text';
import { useSignedInUid } from '../shared/use-signed-in-uid';
import { usePlansT } from '../features/plans/i18n';
import { loadPlansCheck, ReadOnlyNote } from '../features/plans/offline';

const PlanFormDialog = lazy(() => import('../features/plans/PlanFormDialog'));

function PlanCard({ plan }: { plan: Plan }) {
  const t = usePlansT();
  const locale = useLocale();
  const dates = formatDateRange(plan, (date) => formatDate(date, locale), locale);
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={paths.plan(plan.planId)} sx={{ p: 2, minHeight: 48 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {plan.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {inOneLine(dates, plan.homeCity)}
        </Typography>
        <Typography variant="body2">{t('plans.eventCount', { count: plan.events.length })}</Typography>
      </CardActionArea>
    </Card>
  );
}

function List({ plans }: { plans: Plan[] }) {
  const t = usePlansT();
  if (plans.length === 0) return <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('plans.empty')}</Typography>;
  return (
    <Box component="ul" aria-label={t('plans.listLabel')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {plans.map((plan) => (
        <PlanCard key={plan.planId} plan={plan} />
      ))}
    </Box>
  );
}

/** The plans, kept fresh; offline (the API cannot be reached), the copy kept on this device, read-only. */
function PlanList({ uid }: { uid: string }) {
  const t = usePlansT();
  const online = useOnline();
  const plans = useApi(planResources.plans(uid), { refetchOnFocus: true });
  const saved = useSavedCopy(plans, uid, SAVED_PLANS, loadPlansCheck);
  if (plans.status === 'error') {
    if (!saved) return <LoadError message={t('plans.loadError')} onRetry={plans.retry} />;
    return (
      <>
        {online && <LoadError message={t('plans.loadError')} onRetry={plans.retry} />}
        <ReadOnlyNote what="plans" savedAt={saved.savedAt} />
        <List plans={saved.data} />
      </>
    );
  }
  if (plans.status !== 'success') return <Skeleton variant="rounded" height={96} role="status" aria-label={t('plans.loading')} />;
  return (
    <>
      {!online && <ReadOnlyNote what="plans" />}
      <List plans={plans.data} />
    </>
  );
}

/** Asks for the consumer's plans as soon as the session is restored. */
export const preload: PagePreload = () => prefetchForUser((uid) => [planResources.plans(uid)]);

/** /plans: the consumer's wedding plans (newest first), a new one, and the way to their shortlist. */
export default function PlansPage() {
  const t = usePlansT();
  const uid = useSignedInUid();
  const navigate = useNavigate();
  const cache = useApiCache();
  const [creating, setCreating] = useState(false);
  const online = useOnline();
  const created = (plan: Plan) => {
    if (uid) cache.update<Plan[]>(planKeys.plans(uid), (list) => [plan, ...list]);
    cache.set(planKeys.plan(plan.planId), plan);
    void navigate(paths.plan(plan.planId));
  };
  return (
    <Page title={t('plans.title')} subtitle={t('plans.subtitle')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)} disabled={!online} sx={{ minHeight: 48 }}>
          {t('plans.new')}
        </Button>
        <Button component={RouterLink} to={paths.shortlist()} variant="outlined" startIcon={<FavoriteBorderRounded />} sx={{ minHeight: 48 }}>
          {t('shortlist.title')}
        </Button>
        <Button component={RouterLink} to={paths.enquiries()} variant="outlined" startIcon={<RequestQuoteOutlined />} sx={{ minHeight: 48 }}>
          {t('enquiry.listTitle')}
        </Button>
      </Box>
      {uid ? <PlanList uid={uid} /> : <Skeleton variant="rounded" height={96} role="status" aria-label={t('plans.loading')} />}
      {creating && (
        <Suspense fallback={null}>
          <PlanFormDialog open onClose={() => setCreating(false)} onSaved={created} />
        </Suspense>
      )}
    </Page>
  );
}
