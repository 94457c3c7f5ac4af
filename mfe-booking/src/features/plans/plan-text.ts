import type { PlanEvent, PlanEventKind } from '@utsav/contracts/schemas';
import type { PlansMessage } from './i18n';

/** Each event kind's name in the catalogue (the API keeps the kind). */
export const EVENT_KIND_LABELS: Record<PlanEventKind, PlansMessage> = {
  haldi: 'plans.kind.haldi',
  mehendi: 'plans.kind.mehendi',
  sangeet: 'plans.kind.sangeet',
  wedding: 'plans.kind.wedding',
  reception: 'plans.kind.reception',
  other: 'plans.kind.other',
};

/** What an event is called: the name the consumer gave it, else its kind's. */
export const eventTitle = (event: Pick<PlanEvent, 'kind' | 'name'>, t: (key: PlansMessage) => string) => event.name || t(EVENT_KIND_LABELS[event.kind]);

/** Parts of one line, e.g. a plan's dates and its city: '10 Feb 2027 – 14 Feb 2027 · Jaipur' (an empty part left out). */
export const inOneLine = (...parts: string[]) => parts.filter((part) => part !== '').join(' · ');
