import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Facts,
  formatDate,
  formatDateRange,
  isNotFound,
  LoadError,
  Page,
  paths,
  prefetch,
  useApi,
  useApiCache,
  useLocale,
  type PagePreload,
} from '@utsav/contracts';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { planResources } from '@utsav/contracts/plan-resources';
import { deletePlan, deletePlanEvent, planKeys } from '@utsav/contracts/plans';
import type { Plan, PlanEvent, ShortlistEntry } from '@utsav/contracts/schemas';
import { eventTitle, inOneLine } from '../features/plans/plan-text';
import { useSignedInUid } from '../features/plans/use-signed-in-uid';
import { usePlansT } from '../features/plans/i18n';

const PlanFormDialog = lazy(() => import('../features/plans/PlanFormDialog'));
const EventFormDialog = lazy(() => import('../features/plans/EventFormDialog'));

/** What is open over the page: a form, or the question before deleting. */
type Open = { form: 'plan' } | { form: 'event'; event?: PlanEvent } | { remove: 'plan' } | { remove: 'event'; event: PlanEvent } | null;

interface EventCardProps {
  event: PlanEvent;
  saved: number;
  onEdit: () => void;
  onRemove: () => void;
}

function EventCard({ event, saved, onEdit, onRemove }: EventCardProps) {
  const t = usePlansT();
  const locale = useLocale();
  const title = eventTitle(event, t);
  return (
    <Card component="li" variant="outlined" aria-label={title} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <IconButton onClick={onEdit} aria-label={t('plans.event.edit', { event: title })} sx={{ width: 48, height: 48, mt: -1 }}>
            <EditOutlined />
          </IconButton>
          <IconButton onClick={onRemove} aria-label={t('plans.event.remove', { event: title })} sx={{ width: 48, height: 48, mt: -1, mr: -1 }}>
            <DeleteOutlineRounded />
          </IconButton>
        </Box>
        <Facts
          dense
          rows={[
            [t('plans.event.date'), formatDate(event.date, locale)],
            [t('plans.event.city'), event.city || t('plans.event.noCity')],
            [t('plans.event.guests'), event.guests.toLocaleString(locale)],
          ]}
        />
        <Box>
          <Button component={RouterLink} to={paths.shortlist({ event: event.eventId })} sx={{ minHeight: 48, px: 1, ml: -1 }}>
            {saved === 0 ? t('plans.event.findVendors') : t('plans.event.shortlisted', { count: saved })}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function PlanView({ uid, plan, onOpen }: { uid: string; plan: Plan; onOpen: (open: Open) => void }) {
  const t = usePlansT();
  const locale = useLocale();
  const shortlist = useApi(planResources.shortlist(uid));
  const savedFor = (eventId: string) => (shortlist.status === 'success' ? shortlist.data.filter((entry: ShortlistEntry) => entry.eventId === eventId).length : 0);
  const dates = formatDateRange(plan, (date) => formatDate(date, locale), locale);
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {plan.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>{inOneLine(dates, plan.homeCity)}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => onOpen({ form: 'plan' })} sx={{ minHeight: 48 }}>
          {t('plans.edit')}
        </Button>
        <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={() => onOpen({ remove: 'plan' })} sx={{ minHeight: 48 }}>
          {t('plans.delete')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('plans.events')}
        </Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => onOpen({ form: 'event' })} sx={{ minHeight: 48 }}>
          {t('plans.event.add')}
        </Button>
      </Box>
      {plan.events.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('plans.event.none')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('plans.events')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {plan.events.map((event) => (
            <EventCard
              key={event.eventId}
              event={event}
              saved={savedFor(event.eventId)}
              onEdit={() => onOpen({ form: 'event', event })}
              onRemove={() => onOpen({ remove: 'event', event })}
            />
          ))}
        </Box>
      )}
    </>
  );
}

/** Asks for the plan as soon as the page is asked for. */
export const preload: PagePreload = ({ params }) => {
  if (params.planId) prefetch(planResources.plan(params.planId));
};

const byDate = (events: PlanEvent[]) => [...events].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));

/** /plans/:planId: a plan's dates and its events (add, change, delete), each with the services shortlisted for it. */
export default function PlanDetailPage() {
  const t = usePlansT();
  const { planId = '' } = useParams();
  const uid = useSignedInUid();
  const navigate = useNavigate();
  const cache = useApiCache();
  const plan = useApi(planResources.plan(planId), { refetchOnFocus: true });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const show = (next: Plan) => {
    plan.update(() => next);
    if (uid) cache.update<Plan[]>(planKeys.plans(uid), (list) => list.map((p) => (p.planId === next.planId ? next : p)));
  };
  const withEvent = (current: Plan, event: PlanEvent) =>
    show({ ...current, events: byDate([...current.events.filter((e) => e.eventId !== event.eventId), event]) });

  let content;
  if (plan.status === 'error')
    content = isNotFound(plan.error) ? (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Typography>{t('plans.notFound')}</Typography>
        <Button component={RouterLink} to={paths.plans()} variant="outlined" sx={{ minHeight: 48 }}>
          {t('plans.backToPlans')}
        </Button>
      </Box>
    ) : (
      <LoadError message={t('plans.planLoadError')} onRetry={plan.retry} />
    );
  else if (plan.status !== 'success' || !uid) content = <Skeleton variant="rounded" height={240} role="status" aria-label={t('plans.loadingPlan')} />;
  else {
    const current = plan.data;
    content = (
      <>
        <PlanView uid={uid} plan={current} onOpen={setOpen} />
        <Suspense fallback={null}>
          {open && 'form' in open && open.form === 'plan' && <PlanFormDialog open plan={current} onClose={close} onSaved={show} />}
          {open && 'form' in open && open.form === 'event' && (
            <EventFormDialog open plan={current} event={open.event} onClose={close} onSaved={(event) => withEvent(current, event)} />
          )}
        </Suspense>
        <ConfirmDialog
          open={open !== null && 'remove' in open && open.remove === 'plan'}
          onClose={close}
          title={t('plans.deleteTitle')}
          text={t('plans.deleteText', { plan: current.title })}
          keepLabel={t('plans.form.keep')}
          confirmLabel={t('plans.delete')}
          change={() => deletePlan(current.planId)}
          successToast={t('plans.deleted')}
          onChanged={() => {
            cache.update<Plan[]>(planKeys.plans(uid), (list) => list.filter((p) => p.planId !== current.planId));
            // its events' entries stay, for no event
            cache.invalidate(planKeys.shortlist(uid));
            void navigate(paths.plans(), { replace: true });
          }}
        />
        {open && 'remove' in open && open.remove === 'event' && (
          <ConfirmDialog
            open
            onClose={close}
            title={t('plans.event.removeTitle')}
            text={t('plans.event.removeText', { event: eventTitle(open.event, t) })}
            keepLabel={t('plans.form.keep')}
            confirmLabel={t('plans.event.removeConfirm')}
            change={() => deletePlanEvent(current.planId, open.event.eventId)}
            successToast={t('plans.event.removed')}
            onChanged={() => {
              show({ ...current, events: current.events.filter((e) => e.eventId !== open.event.eventId) });
              cache.invalidate(planKeys.shortlist(uid));
            }}
          />
        )}
      </>
    );
  }
  return <Page>{content}</Page>;
}
