import { budgetInputSchema, checklistSchema, ownTaskInputSchema, ownTaskUpdateSchema, planBudgetSchema } from '@utsav/contracts/schemas';
import { nowInIndia } from '@utsav/contracts/slot-rules';
import { z } from 'zod';
import { currentUser, signedIn } from '../auth';
import { badRequest } from '../http/http-error';
import { plainText } from '../http/plain-text';
import { noBody, type ApiPlugin } from '../http/route-schemas';
import type { BudgetRepository } from './budget-repository';
import type { ChecklistRepository } from './checklist-repository';
import { planNotFound } from './plan-repository';

export interface BudgetRoutesOptions {
  budgets: BudgetRepository;
  checklists: ChecklistRepository;
  /** the clock: India's date decides which quotes have expired and which tasks are overdue */
  now?: () => Date;
}

const planParams = z.object({ planId: z.string().max(64) });
const eventParams = planParams.extend({ eventId: z.string().max(64) });
const taskParams = planParams.extend({ taskId: z.string().max(120) });

/**
 * A wedding plan's budget and checklist (issue 37, item 5), under /plans/{planId}: signed in only, and only ever the
 * caller's own plan (another's is a 404, as an unknown id). The figures are the server's (budget-rollup.ts); the
 * checklist's due dates come from the events' dates (@utsav/contracts/plan-checklist). Each change answers the whole
 * budget or checklist, so a page shows the server's figures and order at once.
 */
export const budgetRoutes: ApiPlugin<BudgetRoutesOptions> = async (app, { budgets, checklists, now = () => new Date() }) => {
  const auth = signedIn(app);
  const today = () => nowInIndia(now()).date;

  app.get('/plans/:planId/budget', { ...auth, schema: { params: planParams, response: { 200: planBudgetSchema } } }, async (request) => {
    const budget = await budgets.get(currentUser(request).uid, request.params.planId, today());
    if (!budget) throw planNotFound();
    return budget;
  });

  // the plan's own budget, in paise (null: none)
  app.put('/plans/:planId/budget', { ...auth, schema: { params: planParams, body: budgetInputSchema, response: { 200: planBudgetSchema } } }, async (request) =>
    budgets.setPlanBudget(currentUser(request).uid, request.params.planId, request.body.amount, today()),
  );

  app.put(
    '/plans/:planId/events/:eventId/budget',
    { ...auth, schema: { params: eventParams, body: budgetInputSchema, response: { 200: planBudgetSchema } } },
    async (request) => budgets.setEventBudget(currentUser(request).uid, request.params.planId, request.params.eventId, request.body.amount, today()),
  );

  app.get('/plans/:planId/checklist', { ...auth, schema: { params: planParams, response: { 200: checklistSchema } } }, async (request) => {
    const checklist = await checklists.get(currentUser(request).uid, request.params.planId, today());
    if (!checklist) throw planNotFound();
    return checklist;
  });

  // a task of the couple's own: for one of the plan's events or none, with a due day or none
  app.post('/plans/:planId/checklist', { ...auth, schema: { params: planParams, body: ownTaskInputSchema, response: { 201: checklistSchema } } }, async (request, reply) => {
    const title = plainText(request.body.title);
    if (!title) throw badRequest('checklist.titleRequired');
    const { checklist } = await checklists.addOwn(currentUser(request).uid, request.params.planId, { ...request.body, title }, today());
    return reply.code(201).send(checklist);
  });

  app.patch('/plans/:planId/checklist/:taskId', { ...auth, schema: { params: taskParams, body: ownTaskUpdateSchema, response: { 200: checklistSchema } } }, async (request) => {
    const change = { ...request.body };
    if (change.title !== undefined) {
      change.title = plainText(change.title);
      if (!change.title) throw badRequest('checklist.titleRequired');
    }
    return checklists.updateOwn(currentUser(request).uid, request.params.planId, request.params.taskId, change, today());
  });

  // only the couple's own tasks can be deleted (a task the events bring: 409)
  app.delete('/plans/:planId/checklist/:taskId', { ...auth, schema: { params: taskParams, response: { 204: noBody('deleted') } } }, async (request, reply) => {
    await checklists.removeOwn(currentUser(request).uid, request.params.planId, request.params.taskId);
    return reply.code(204).send(undefined);
  });

  // ticked done (idempotent), or not
  app.put('/plans/:planId/checklist/:taskId/done', { ...auth, schema: { params: taskParams, response: { 200: checklistSchema } } }, async (request) =>
    checklists.mark(currentUser(request).uid, request.params.planId, request.params.taskId, true, today()),
  );

  app.delete('/plans/:planId/checklist/:taskId/done', { ...auth, schema: { params: taskParams, response: { 200: checklistSchema } } }, async (request) =>
    checklists.mark(currentUser(request).uid, request.params.planId, request.params.taskId, false, today()),
  );
};
