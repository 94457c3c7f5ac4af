import { lazy, Suspense, useState } from 'react';
import { useParams, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { formatDate, LoadError, Page, prefetchForUser, useApi, useLocale, useOnline, type PagePreload } from '@utsav/contracts';
import { monthName } from '@utsav/contracts/date-format';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { dueMonth } from '@utsav/contracts/plan-checklist';
import { planResources } from '@utsav/contracts/plan-resources';
import { deleteOwnTask, savedChecklistName } from '@utsav/contracts/plans';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import type { Checklist, ChecklistTask } from '@utsav/contracts/schemas';
import { loadChecklistCheck, taskTitle } from '../features/plans/budget-text';
import { TaskRow } from '../features/plans/TaskRow';
import { useMarkTask } from '../features/plans/use-mark-task';
import { ReadOnlyNote } from '../features/plans/offline';
import { eventTitle } from '../features/plans/plan-text';
import { usePlansT } from '../features/plans/i18n';
import { PlanLoadError } from '../features/plans/PlanLoadError';
import { useSignedInUid } from '../shared/use-signed-in-uid';

const OwnTaskDialog = lazy(() => import('../features/plans/OwnTaskDialog'));

type GroupBy = 'month' | 'event';
interface Group {
  key: string;
  title: string;
  tasks: ChecklistTask[];
}

/** The tasks in the server's order, grouped by their due month (none last) or by event (the whole plan's last). */
function groupsOf(checklist: Checklist, by: GroupBy, t: ReturnType<typeof usePlansT>, locale: ReturnType<typeof useLocale>): Group[] {
  const groups = new Map<string, Group>();
  const add = (key: string, title: string, task: ChecklistTask) => {
    const group = groups.get(key) ?? { key, title, tasks: [] };
    group.tasks.push(task);
    groups.set(key, group);
  };
  if (by === 'event') {
    for (const event of checklist.events) groups.set(event.eventId, { key: event.eventId, title: `${eventTitle(event, t)} · ${formatDate(event.date, locale)}`, tasks: [] });
    for (const task of checklist.tasks) add(task.eventId ?? '', task.eventId === null ? t('checklist.wholePlan') : '', task);
    const whole = groups.get('');
    groups.delete('');
    return [...groups.values(), ...(whole ? [whole] : [])].filter((group) => group.tasks.length > 0);
  }
  for (const task of checklist.tasks) {
    const month = dueMonth(task.due);
    add(month ?? '', month === null ? t('checklist.noDueGroup') : `${monthName(Number(month.slice(5)) - 1, locale)} ${month.slice(0, 4)}`, task);
  }
  return [...groups.values()];
}

interface ViewProps {
  checklist: Checklist;
  readOnly: boolean;
  by: GroupBy;
  onBy: (by: GroupBy) => void;
  onMark: (task: ChecklistTask, done: boolean) => void;
  onAdd: () => void;
  onDelete: (task: ChecklistTask) => void;
}

function ChecklistView({ checklist, readOnly, by, onBy, onMark, onAdd, onDelete }: ViewProps) {
  const t = usePlansT();
  const locale = useLocale();
  const done = checklist.tasks.filter((task) => task.done).length;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('checklist.progress', { done, total: checklist.tasks.length })}</Typography>
        {!readOnly && (
          <Button variant="contained" startIcon={<AddRounded />} onClick={onAdd} sx={{ minHeight: 48 }}>
            {t('checklist.add')}
          </Button>
        )}
      </Box>
      <Box role="group" aria-label={t('checklist.groupBy')} sx={{ display: 'flex', gap: 1, mb: 2 }}>
        {(['month', 'event'] as const).map((option) => (
          <Button key={option} variant={by === option ? 'contained' : 'outlined'} aria-pressed={by === option} onClick={() => onBy(option)} sx={{ minHeight: 48 }}>
            {t(option === 'month' ? 'checklist.byMonth' : 'checklist.byEvent')}
          </Button>
        ))}
      </Box>
      {checklist.tasks.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('checklist.none')}</Typography>}
      {groupsOf(checklist, by, t, locale).map((group) => (
        <Box component="section" key={group.key} aria-label={group.title} sx={{ mb: 2 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
            {group.title}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {group.tasks.map((task) => (
              <TaskRow key={task.taskId} task={task} events={checklist.events} readOnly={readOnly} hideEvent={by === 'event'} onMark={onMark} onDelete={onDelete} />
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}

/** Asks for the checklist as soon as the session is restored. */
export const preload: PagePreload = ({ params }) => prefetchForUser((uid) => (params.planId ? [planResources.checklist(uid, params.planId)] : []));

/** /plans/:planId/checklist: what the events bring, due by their dates, and the couple's own tasks; tick them off. */
export default function PlanChecklistPage() {
  const { planId = '' } = useParams();
  const uid = useSignedInUid();
  const t = usePlansT();
  return (
    <Page>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {t('checklist.title')}
      </Typography>
      {uid ? <PlanChecklistBody key={planId} uid={uid} planId={planId} /> : <Skeleton variant="rounded" height={240} role="status" aria-label={t('checklist.loading')} />}
    </Page>
  );
}

function PlanChecklistBody({ uid, planId }: { uid: string; planId: string }) {
  const t = usePlansT();
  const online = useOnline();
  const [search, setSearch] = useSearchParams();
  const by: GroupBy = search.get('by') === 'event' ? 'event' : 'month';
  const checklist = useApi(planResources.checklist(uid, planId), { refetchOnFocus: true });
  const saved = useSavedCopy(checklist, uid, savedChecklistName(planId), useState(() => loadChecklistCheck)[0]);
  const mark = useMarkTask(planId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ChecklistTask | null>(null);
  const onBy = (next: GroupBy) => setSearch(next === 'month' ? {} : { by: next }, { replace: true });

  if (checklist.status === 'error') {
    if (saved)
      return (
        <>
          {online && <LoadError message={t('checklist.loadError')} onRetry={checklist.retry} />}
          <ReadOnlyNote what="plans" savedAt={saved.savedAt} />
          <ChecklistView checklist={saved.data} readOnly by={by} onBy={onBy} onMark={() => undefined} onAdd={() => undefined} onDelete={() => undefined} />
        </>
      );
    return <PlanLoadError error={checklist.error} message={t('checklist.loadError')} onRetry={checklist.retry} />;
  }
  if (checklist.status !== 'success') return <Skeleton variant="rounded" height={240} role="status" aria-label={t('checklist.loading')} />;
  const current = checklist.data;
  return (
    <>
      {!online && <ReadOnlyNote what="plans" />}
      <ChecklistView
        checklist={current}
        readOnly={!online}
        by={by}
        onBy={onBy}
        onMark={(task, done) => void mark(task, done)}
        onAdd={() => setAdding(true)}
        onDelete={setRemoving}
      />
      <Suspense fallback={null}>
        {adding && <OwnTaskDialog checklist={current} onClose={() => setAdding(false)} onSaved={(next) => checklist.update(() => next)} />}
      </Suspense>
      {removing && (
        <ConfirmDialog
          open
          onClose={() => setRemoving(null)}
          title={t('checklist.deleteTitle')}
          text={t('checklist.deleteText', { task: taskTitle(removing, t) })}
          keepLabel={t('plans.form.keep')}
          confirmLabel={t('checklist.deleteConfirm')}
          change={() => deleteOwnTask(planId, removing.taskId)}
          successToast={t('checklist.deleted')}
          onChanged={() => checklist.update((list) => ({ ...list, tasks: list.tasks.filter((task) => task.taskId !== removing.taskId) }))}
        />
      )}
    </>
  );
}
