import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormTextField } from '@utsav/contracts/form';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { addPlanEvent, updatePlanEvent } from '@utsav/contracts/plans';
import {
  PLAN_CITY_MAX_LENGTH,
  PLAN_EVENT_KINDS,
  PLAN_EVENT_NAME_MAX_LENGTH,
  PLAN_GUESTS_MAX,
  PLAN_GUESTS_MIN,
  planEventInputSchema,
  type Plan,
  type PlanEvent,
  type PlanEventFields,
  type PlanEventKind,
} from '@utsav/contracts/schemas';
import { EVENT_KIND_LABELS } from './plan-text';
import { usePlansT } from './i18n';

/** What the form holds, as the inputs give it: the guest count is the text typed. */
interface EventFormValues {
  kind: PlanEventKind;
  name: string;
  date: string;
  city: string;
  guests: string;
}

/** The API's own schema checks the form and gives its messages; the guest count goes to it as a number ('' as none). */
const schemaResolver = zodResolver(planEventInputSchema) as unknown as Resolver<Omit<EventFormValues, 'guests'> & { guests: number | undefined }, unknown, PlanEventFields>;
const eventResolver: Resolver<EventFormValues, unknown, PlanEventFields> = (values, context, options) =>
  schemaResolver({ ...values, guests: values.guests.trim() === '' ? undefined : Number(values.guests) }, context, options as never);

interface Props {
  plan: Plan;
  /** the event to change; none: a new one */
  event?: PlanEvent;
  open: boolean;
  onClose: () => void;
  onSaved: (event: PlanEvent) => void;
}

/** A new event of the plan (its kind, its own name, a date within the plan's, a city, the guests expected), or a change to one. */
export default function EventFormDialog({ plan, event, open, onClose, onSaved }: Props) {
  const t = usePlansT();
  const form = useForm<EventFormValues, unknown, PlanEventFields>({
    defaultValues: {
      kind: event?.kind ?? 'wedding',
      name: event?.name ?? '',
      date: event?.date ?? '',
      city: event?.city ?? plan.homeCity,
      guests: event ? String(event.guests) : '',
    },
    resolver: eventResolver,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { pending, error, close, run } = useDialogAction(onClose);
  const save = form.handleSubmit((fields) =>
    run(
      () => (event ? updatePlanEvent(plan.planId, event.eventId, fields) : addPlanEvent(plan.planId, fields)),
      t(event ? 'plans.event.updated' : 'plans.event.added'),
      onSaved,
    ),
  );
  return (
    <ActionDialog
      open={open}
      title={t(event ? 'plans.event.editTitle' : 'plans.event.newTitle')}
      error={error}
      pending={pending}
      close={close}
      keepLabel={t('plans.form.keep')}
      confirmLabel={t(event ? 'plans.form.save' : 'plans.event.add')}
      onConfirm={() => void save()}
    >
      <FormTextField form={form} name="kind" select label={t('plans.event.kind')} sx={{ mt: 1 }} slotProps={{ select: { native: true } }}>
        {PLAN_EVENT_KINDS.map((value) => (
          <option key={value} value={value}>
            {t(EVENT_KIND_LABELS[value])}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        form={form}
        name="name"
        label={t(kind === 'other' ? 'plans.event.nameRequired' : 'plans.event.name')}
        slotProps={{ htmlInput: { maxLength: PLAN_EVENT_NAME_MAX_LENGTH } }}
      />
      <FormTextField
        form={form}
        name="date"
        type="date"
        label={t('plans.event.date')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: plan.from, max: plan.to } }}
      />
      <FormTextField form={form} name="city" label={t('plans.event.city')} slotProps={{ htmlInput: { maxLength: PLAN_CITY_MAX_LENGTH } }} />
      <FormTextField
        form={form}
        name="guests"
        label={t('plans.event.guests')}
        slotProps={{ htmlInput: { inputMode: 'numeric', min: PLAN_GUESTS_MIN, max: PLAN_GUESTS_MAX } }}
      />
    </ActionDialog>
  );
}
