import { useState } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { paths, useApi } from '@utsav/contracts';
import { planResources } from '@utsav/contracts/plan-resources';
import { savedBudgetName, savedChecklistName } from '@utsav/contracts/plans';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import { SectionCard } from '@utsav/contracts/section-card';
import { usePlansT } from './i18n';
import { BudgetFigures } from './BudgetFigures';
import { loadBudgetCheck, loadChecklistCheck } from './budget-text';
import { TaskRow } from './TaskRow';

/** How many tasks the plan page shows: the next ones not done, overdue first (the server's order is by due day). */
export const NEXT_TASKS = 3;

/** The plan page's budget: the plan's figures (the server's), over budget or not, and the way to the budget page. */
export function BudgetSummary({ uid, planId }: { uid: string; planId: string }) {
  const t = usePlansT();
  const budget = useApi(planResources.budget(uid, planId), { refetchOnFocus: true });
  const saved = useSavedCopy(budget, uid, savedBudgetName(planId), useState(() => loadBudgetCheck)[0]);
  const data = budget.data ?? saved?.data;
  return (
    <SectionCard title={t('budget.title')} heading="h6" sx={{ mt: 3 }}>
      {data ? (
        <BudgetFigures figures={data} />
      ) : budget.status === 'error' ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('budget.loadError')}</Typography>
      ) : (
        <Skeleton variant="rounded" height={120} role="status" aria-label={t('budget.loading')} />
      )}
      <Box>
        <Button component={RouterLink} to={paths.planBudget(planId)} variant="outlined" sx={{ minHeight: 48 }}>
          {t('budget.open')}
        </Button>
      </Box>
    </SectionCard>
  );
}

/** The plan page's checklist: the next few tasks not done, and the way to the whole checklist. */
export function NextTasks({ uid, planId }: { uid: string; planId: string }) {
  const t = usePlansT();
  const checklist = useApi(planResources.checklist(uid, planId), { refetchOnFocus: true });
  const saved = useSavedCopy(checklist, uid, savedChecklistName(planId), useState(() => loadChecklistCheck)[0]);
  const data = checklist.data ?? saved?.data;
  const next = data ? data.tasks.filter((task) => !task.done).slice(0, NEXT_TASKS) : [];
  return (
    <SectionCard title={t('checklist.next')} heading="h6" sx={{ mt: 3 }}>
      {!data ? (
        checklist.status === 'error' ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('checklist.loadError')}</Typography>
        ) : (
          <Skeleton variant="rounded" height={120} role="status" aria-label={t('checklist.loading')} />
        )
      ) : data.tasks.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('checklist.none')}</Typography>
      ) : next.length === 0 ? (
        <Typography>{t('checklist.allDone')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('checklist.next')} sx={{ m: 0, p: 0 }}>
          {next.map((task) => (
            <TaskRow key={task.taskId} task={task} events={data.events} readOnly />
          ))}
        </Box>
      )}
      {data && data.tasks.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('checklist.progress', { done: data.tasks.filter((task) => task.done).length, total: data.tasks.length })}
        </Typography>
      )}
      <Box>
        <Button component={RouterLink} to={paths.planChecklist(planId)} variant="outlined" sx={{ minHeight: 48 }}>
          {t('checklist.open')}
        </Button>
      </Box>
    </SectionCard>
  );
}
