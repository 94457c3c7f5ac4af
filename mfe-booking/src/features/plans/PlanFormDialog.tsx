import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormTextField } from '@utsav/contracts/form';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { createPlan, updatePlan } from '@utsav/contracts/plans';
import { PLAN_CITY_MAX_LENGTH, PLAN_TITLE_MAX_LENGTH, planInputSchema, type Plan, type PlanFields } from '@utsav/contracts/schemas';
import { usePlansT } from './i18n';

/** What the form holds: the date inputs give 'YYYY-MM-DD' (or '' when empty, which the schema reports). */
interface PlanFormValues {
  title: string;
  from: string;
  to: string;
  homeCity: string;
}

/** The API's own schema checks the form and gives its messages. */
const planResolver = zodResolver(planInputSchema) as unknown as Resolver<PlanFormValues, unknown, PlanFields>;

interface Props {
  /** the plan to change; none: a new one */
  plan?: Plan;
  open: boolean;
  onClose: () => void;
  onSaved: (plan: Plan) => void;
}

/** A new plan (its names, its dates, the home city), or a change to one; the server's refusal (an event outside new dates) is said in the dialog. */
export default function PlanFormDialog({ plan, open, onClose, onSaved }: Props) {
  const t = usePlansT();
  const form = useForm<PlanFormValues, unknown, PlanFields>({
    defaultValues: { title: plan?.title ?? '', from: plan?.from ?? '', to: plan?.to ?? '', homeCity: plan?.homeCity ?? '' },
    resolver: planResolver,
  });
  const { pending, error, close, run } = useDialogAction(onClose);
  const save = form.handleSubmit((fields) =>
    run(() => (plan ? updatePlan(plan.planId, fields) : createPlan(fields)), t(plan ? 'plans.form.updated' : 'plans.form.created'), onSaved),
  );
  const dates = { inputLabel: { shrink: true } } as const;
  return (
    <ActionDialog
      open={open}
      title={t(plan ? 'plans.form.editTitle' : 'plans.form.newTitle')}
      error={error}
      pending={pending}
      close={close}
      keepLabel={t('plans.form.keep')}
      confirmLabel={t(plan ? 'plans.form.save' : 'plans.form.create')}
      onConfirm={() => void save()}
    >
      <FormTextField
        form={form}
        name="title"
        label={t('plans.form.name')}
        placeholder={t('plans.form.namePlaceholder')}
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { maxLength: PLAN_TITLE_MAX_LENGTH } }}
      />
      <FormTextField form={form} name="from" type="date" label={t('plans.form.from')} slotProps={dates} />
      <FormTextField form={form} name="to" type="date" label={t('plans.form.to')} slotProps={dates} />
      <FormTextField
        form={form}
        name="homeCity"
        label={t('plans.form.homeCity')}
        autoComplete="address-level2"
        slotProps={{ htmlInput: { maxLength: PLAN_CITY_MAX_LENGTH } }}
      />
    </ActionDialog>
  );
}
