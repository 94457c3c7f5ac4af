import type { ChecklistTask } from '@utsav/contracts/schemas';
import type { PlansMessage } from './i18n';

/** What a task is called: a seeded task by its key in the catalogue, the couple's own by their words. */
export const taskTitle = (task: Pick<ChecklistTask, 'key' | 'title'>, t: (key: PlansMessage) => string): string =>
  task.key === null ? task.title : t(`checklist.task.${task.key}` as PlansMessage);

/** The saved copies' checks (the schemas, with zod): loaded apart from the first screen, like the plans'. */
export const loadBudgetCheck = () => import('@utsav/contracts/schemas').then((schemas) => (data: unknown) => schemas.planBudgetSchema.parse(data));
export const loadChecklistCheck = () => import('@utsav/contracts/schemas').then((schemas) => (data: unknown) => schemas.checklistSchema.parse(data));
