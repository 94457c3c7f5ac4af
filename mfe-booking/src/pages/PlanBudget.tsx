import { lazy, Suspense, useState } from 'react';
import { useParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { formatDate, formatINR, LoadError, Page, prefetchForUser, useApi, useLocale, useOnline, type PagePreload } from '@utsav/contracts';
import { planResources } from '@utsav/contracts/plan-resources';
import { savedBudgetName } from '@utsav/contracts/plans';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import type { BudgetItem, EventBudget, PlanBudget } from '@utsav/contracts/schemas';
import { BudgetFigures } from '../features/plans/BudgetFigures';
import { loadBudgetCheck } from '../features/plans/budget-text';
import { ReadOnlyNote } from '../features/plans/offline';
import { eventTitle, inOneLine } from '../features/plans/plan-text';
import { usePlansT } from '../features/plans/i18n';
import { PlanLoadError } from '../features/plans/PlanLoadError';
import { useSignedInUid } from '../shared/use-signed-in-uid';

const BudgetDialog = lazy(() => import('../features/plans/BudgetDialog'));

/** Whose budget is being set: the plan's own, or one event's. */
type Editing = { event?: EventBudget } | null;

function ItemLine({ item }: { item: BudgetItem }) {
  const t = usePlansT();
  const locale = useLocale();
  const what =
    item.kind === 'booking'
      ? t('budget.item.booking', { paid: formatINR(item.paid) })
      : t(item.counted ? 'budget.item.quote' : 'budget.item.alternative', { date: formatDate(item.validUntil ?? '', locale) });
  return (
    <Box component="li" sx={{ listStyle: 'none', display: 'flex', gap: 2, alignItems: 'baseline', py: 0.5 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere', color: item.counted ? 'text.primary' : 'text.secondary' }}>{inOneLine(item.serviceTitle, item.providerName)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {what}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'nowrap', color: item.counted ? 'text.primary' : 'text.secondary' }}>{formatINR(item.amount)}</Typography>
    </Box>
  );
}

function EventCard({ event, readOnly, onEdit }: { event: EventBudget; readOnly: boolean; onEdit: () => void }) {
  const t = usePlansT();
  const locale = useLocale();
  const title = eventTitle(event, t);
  return (
    <Card component="li" variant="outlined" aria-label={title} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatDate(event.date, locale)}
            </Typography>
          </Box>
          {!readOnly && (
            <IconButton onClick={onEdit} aria-label={t('budget.editEvent', { event: title })} sx={{ width: 48, height: 48, mt: -1, mr: -1 }}>
              <EditOutlined />
            </IconButton>
          )}
        </Box>
        <BudgetFigures figures={event} />
        {event.items.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('budget.noItems')}
          </Typography>
        ) : (
          <Box component="ul" aria-label={t('budget.items', { event: title })} sx={{ m: 0, p: 0, borderTop: 1, borderColor: 'divider', pt: 1 }}>
            {event.items.map((item) => (
              <ItemLine key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function BudgetView({ budget, readOnly, onEdit }: { budget: PlanBudget; readOnly: boolean; onEdit: (editing: Editing) => void }) {
  const t = usePlansT();
  return (
    <>
      <Card variant="outlined" component="section" aria-label={t('budget.planBudget')}>
        <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <BudgetFigures figures={budget} allocated={budget.allocated} />
          {!readOnly && (
            <Box>
              <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => onEdit({})} sx={{ minHeight: 48 }}>
                {t(budget.budget === null ? 'budget.set' : 'budget.edit')}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
        {t('budget.rule')}
      </Typography>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 3, mb: 1.5 }}>
        {t('budget.events')}
      </Typography>
      {budget.events.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('plans.event.none')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('budget.events')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {budget.events.map((event) => (
            <EventCard key={event.eventId} event={event} readOnly={readOnly} onEdit={() => onEdit({ event })} />
          ))}
        </Box>
      )}
    </>
  );
}

/** Asks for the budget as soon as the session is restored (the resource is the signed-in user's, kept on the device). */
export const preload: PagePreload = ({ params }) => prefetchForUser((uid) => (params.planId ? [planResources.budget(uid, params.planId)] : []));

/** /plans/:planId/budget: the plan's budget and each event's, with what is booked, paid and quoted (the server's figures). */
export default function PlanBudgetPage() {
  const { planId = '' } = useParams();
  const uid = useSignedInUid();
  const t = usePlansT();
  return (
    <Page>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('budget.title')}
      </Typography>
      {uid ? <PlanBudgetBody key={planId} uid={uid} planId={planId} /> : <Skeleton variant="rounded" height={240} role="status" aria-label={t('budget.loading')} />}
    </Page>
  );
}

function PlanBudgetBody({ uid, planId }: { uid: string; planId: string }) {
  const t = usePlansT();
  const online = useOnline();
  const budget = useApi(planResources.budget(uid, planId), { refetchOnFocus: true });
  const saved = useSavedCopy(budget, uid, savedBudgetName(planId), useState(() => loadBudgetCheck)[0]);
  const [editing, setEditing] = useState<Editing>(null);

  if (budget.status === 'error') {
    if (saved)
      return (
        <>
          {online && <LoadError message={t('budget.loadError')} onRetry={budget.retry} />}
          <ReadOnlyNote what="plans" savedAt={saved.savedAt} />
          <BudgetView budget={saved.data} readOnly onEdit={setEditing} />
        </>
      );
    return <PlanLoadError error={budget.error} message={t('budget.loadError')} onRetry={budget.retry} />;
  }
  if (budget.status !== 'success') return <Skeleton variant="rounded" height={240} role="status" aria-label={t('budget.loading')} />;
  const current = budget.data;
  const event = editing?.event;
  return (
    <>
      {!online && <ReadOnlyNote what="plans" />}
      <BudgetView budget={current} readOnly={!online} onEdit={setEditing} />
      <Suspense fallback={null}>
        {editing && (
          <BudgetDialog
            planId={planId}
            event={event ? { eventId: event.eventId, title: eventTitle(event, t) } : undefined}
            current={event ? event.budget : current.budget}
            onClose={() => setEditing(null)}
            onSaved={(next) => budget.update(() => next)}
          />
        )}
      </Suspense>
    </>
  );
}
