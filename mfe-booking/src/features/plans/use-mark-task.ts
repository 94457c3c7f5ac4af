import { errorMessage, toast, useApiCache, useLocale } from '@utsav/contracts';
import { markTask, planKeys } from '@utsav/contracts/plans';
import type { Checklist, ChecklistTask } from '@utsav/contracts/schemas';
import { usePlansT } from './i18n';

/**
 * Ticks a task done or not at once (optimistic), then shows the server's checklist; when the server refuses or
 * cannot be reached, the task goes back as it was (only that task: another tick meanwhile stays) and a toast says so.
 */
export function useMarkTask(planId: string) {
  const cache = useApiCache();
  const t = usePlansT();
  const locale = useLocale();
  const key = planKeys.checklist(planId);
  const put = (task: ChecklistTask) =>
    cache.update<Checklist>(key, (checklist) => ({ ...checklist, tasks: checklist.tasks.map((one) => (one.taskId === task.taskId ? task : one)) }));
  return async (task: ChecklistTask, done: boolean) => {
    put({ ...task, done, doneBy: done ? 'couple' : null, overdue: done ? false : task.overdue });
    try {
      const answer = await markTask(planId, task.taskId, done);
      cache.update<Checklist>(key, () => answer);
    } catch (error) {
      put(task);
      toast.error(t('checklist.markFailed', { reason: errorMessage(error, undefined, locale) }));
    }
  };
}
