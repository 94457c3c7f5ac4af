// By package name, not relative paths (see ./catalog.ts).
import { compareShortlisted, getEnquiries, getPlan, getPlans, getPlanShare, getSharedPlan, getShortlist, planKeys, SAVED_PLANS, SAVED_SHORTLIST, getChecklist, getPlanBudget, savedBudgetName, savedChecklistName } from '@utsav/contracts/plans';
import { resource } from '@utsav/contracts';

/** Planning a wedding's resources, `planResources` (../plan-resources.ts). */

/** the consumer's plans, newest first, with their events: kept on this device for reading offline */
export const plans = (uid: string) => resource(planKeys.plans(uid), (signal) => getPlans(signal), { uid, name: SAVED_PLANS });
export const plan = (planId: string) => resource(planKeys.plan(planId), (signal) => getPlan(planId, signal));
/** the consumer's whole shortlist, newest first: the hearts on service cards and pages, the shortlist page; kept on this device for reading offline */
export const shortlist = (uid: string) => resource(planKeys.shortlist(uid), (signal) => getShortlist(signal), { uid, name: SAVED_SHORTLIST });
/** 2–4 shortlisted services side by side, for one event's date (or none) */
export const comparison = (serviceIds: readonly string[], eventId: string | null) =>
  resource(planKeys.comparison(serviceIds, eventId), (signal) => compareShortlisted(serviceIds, eventId, signal));
/** the consumer's enquiries, newest first, each with its quotes (newest first) */
export const enquiries = (uid: string) => resource(planKeys.enquiries(uid), (signal) => getEnquiries(signal));
/** the plan's read-only link as its owner sees it: null when it is not shared */
export const planShare = (planId: string) => resource(planKeys.share(planId), (signal) => getPlanShare(planId, signal));
/** a plan as its shared link shows it, to anyone holding the link (no sign-in) */
export const sharedPlan = (token: string) => resource(planKeys.sharedPlan(token), (signal) => getSharedPlan(token, signal));
/** the plan's budget: kept on this device for reading offline */
export const budget = (uid: string, planId: string) => resource(planKeys.budget(planId), (signal) => getPlanBudget(planId, signal), { uid, name: savedBudgetName(planId) });
/** the plan's checklist: kept on this device for reading offline */
export const checklist = (uid: string, planId: string) =>
  resource(planKeys.checklist(planId), (signal) => getChecklist(planId, signal), { uid, name: savedChecklistName(planId) });
