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
  LoadError,
  Page,
  paths,
  prefetch,
  useApi,
  useApiCache,
  useLocale,
  useOnline,
  type PagePreload,
} from '@utsav/contracts';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { planResources } from '@utsav/contracts/plan-resources';
import { deletePlan, deletePlanEvent, planKeys, SAVED_PLANS, SAVED_SHORTLIST } from '@utsav/contracts/plans';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import type { Plan, PlanEvent, ShortlistEntry } from '@utsav/contracts/schemas';
import { eventTitle, inOneLine } from '../features/plans/plan-text';
import { useSignedInUid } from '../shared/use-signed-in-uid';
import { loadPlansCheck, loadShortlistCheck, ReadOnlyNote } from '../features/plans/offline';
import { usePlansT } from '../features/plans/i18n';
import { PlanLoadError } from '../features/plans/PlanLoadError';
import { SharePlanButton } from '../features/share/SharePlanButton';
import { BudgetSummary, NextTasks } from '../features/plans/PlanSections';

const PlanFormDialog = lazy(() => import('../features/plans/PlanFormDialog'));
const EventFormDialog = lazy(() => import('../features/plans/EventFormDialog'));

/** What is open over the page: a form, or the question before deleting. */
type Open = { form: 'plan' } | { form: 'event'; event?: PlanEvent } | { remove: 'plan' } | { remove: 'event'; event: PlanEvent } | null;

interface EventCardProps {
  event: PlanEvent;
  saved: number;
  readOnly: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

function EventCard({ event, saved, readOnly, onEdit, onRemove }: EventCardProps) {
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
          {!readOnly && (
            <>
              <IconButton onClick={onEdit} aria-label={t('plans.event.edit', { event: title })} sx={{ width: 48, height: 48, mt: -1 }}>
                <EditOutlined />
              </IconButton>
              <IconButton onClick={onRemove} aria-label={t('plans.event.remove', { event: title })} sx={{ width: 48, height: 48, mt: -1, mr: -1 }}>
                <DeleteOutlineRounded />
              </IconButton>
            </>
          )}
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
          <Button component={RouterLink} to={paths.enquiries({ event: event.eventId })} sx={{ minHeight: 48, px: 1 }}>
            {t('plans.event.quotes')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

interface PlanViewProps {
  uid: string;
  plan: Plan;
  /** offline: the plan only, none of the changes (each needs the network) */
  readOnly: boolean;
  onOpen: (open: Open) => void;
}

function PlanView({ uid, plan, readOnly, onOpen }: PlanViewProps) {
  const t = usePlansT();
  const locale = useLocale();
  const shortlist = useApi(planResources.shortlist(uid));
  const savedShortlist = useSavedCopy(shortlist, uid, SAVED_SHORTLIST, loadShortlistCheck);
  const entries: ShortlistEntry[] = shortlist.data ?? savedShortlist?.data ?? [];
  const savedFor = (eventId: string) => entries.filter((entry) => entry.eventId === eventId).length;
  const dates = formatDateRange(plan, (date) => formatDate(date, locale), locale);
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {plan.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>{inOneLine(dates, plan.homeCity)}</Typography>
      {!readOnly && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => onOpen({ form: 'plan' })} sx={{ minHeight: 48 }}>
            {t('plans.edit')}
          </Button>
          <SharePlanButton planId={plan.planId} title={plan.title} />
          <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={() => onOpen({ remove: 'plan' })} sx={{ minHeight: 48 }}>
            {t('plans.delete')}
          </Button>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('plans.events')}
        </Typography>
        {!readOnly && (
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => onOpen({ form: 'event' })} sx={{ minHeight: 48 }}>
            {t('plans.event.add')}
          </Button>
        )}
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
              readOnly={readOnly}
              onEdit={() => onOpen({ form: 'event', event })}
              onRemove={() => onOpen({ remove: 'event', event })}
            />
          ))}
        </Box>
      )}
      <BudgetSummary uid={uid} planId={plan.planId} />
      <NextTasks uid={uid} planId={plan.planId} />
    </>
  );
}

/** Asks for the plan as soon as the page is asked for. */
export const preload: PagePreload = ({ params }) => {
  if (params.planId) prefetch(planResources.plan(params.planId));
};

const byDate = (events: PlanEvent[]) => [...events].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));

/** What checks the copy kept on this device: the plans' list, of which this page shows one (none: no copy). */
const loadPlanCheck = (planId: string) => () =>
  loadPlansCheck().then((parse) => (data: unknown) => {
    const found = parse(data).find((plan) => plan.planId === planId);
    if (!found) throw new Error('not in the saved plans');
    return found;
  });

/** /plans/:planId: a plan's dates and its events (add, change, delete), each with the services shortlisted for it. */
export default function PlanDetailPage() {
  const { planId = '' } = useParams();
  const uid = useSignedInUid();
  const t = usePlansT();
  return (
    <Page>
      {uid ? <PlanDetail key={planId} uid={uid} planId={planId} /> : <Skeleton variant="rounded" height={240} role="status" aria-label={t('plans.loadingPlan')} />}
    </Page>
  );
}

/**
 * The plan, kept fresh; offline (the API cannot be reached), the copy of it kept on this device with the plans'
 * list, read-only; and read-only while the connection is away.
 */
function PlanDetail({ uid, planId }: { uid: string; planId: string }) {
  const t = usePlansT();
  const navigate = useNavigate();
  const cache = useApiCache();
  const online = useOnline();
  const plan = useApi(planResources.plan(planId), { refetchOnFocus: true });
  const saved = useSavedCopy(plan, uid, SAVED_PLANS, useState(() => loadPlanCheck(planId))[0]);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const show = (next: Plan) => {
    plan.update(() => next);
    cache.update<Plan[]>(planKeys.plans(uid), (list) => list.map((p) => (p.planId === next.planId ? next : p)));
    // an event added, moved or deleted: its budget and its tasks (due by its date) are the server's to tell again
    cache.invalidate(planKeys.budget(next.planId));
    cache.invalidate(planKeys.checklist(next.planId));
  };
  const withEvent = (current: Plan, event: PlanEvent) =>
    show({ ...current, events: byDate([...current.events.filter((e) => e.eventId !== event.eventId), event]) });

  if (plan.status === 'error') {
    if (saved)
      return (
        <>
          {online && <LoadError message={t('plans.planLoadError')} onRetry={plan.retry} />}
          <ReadOnlyNote what="plans" savedAt={saved.savedAt} />
          <PlanView uid={uid} plan={saved.data} readOnly onOpen={setOpen} />
        </>
      );
    return <PlanLoadError error={plan.error} message={t('plans.planLoadError')} onRetry={plan.retry} />;
  }
  if (plan.status !== 'success') return <Skeleton variant="rounded" height={240} role="status" aria-label={t('plans.loadingPlan')} />;
  const current = plan.data;
  return (
    <>
      {!online && <ReadOnlyNote what="plans" />}
      <PlanView uid={uid} plan={current} readOnly={!online} onOpen={setOpen} />
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
