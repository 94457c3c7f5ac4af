import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatINR, parseRupees } from '@utsav/contracts';
import { FormTextField } from '@utsav/contracts/form';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { setEventBudget, setPlanBudget } from '@utsav/contracts/plans';
import { budgetInputSchema, PLAN_BUDGET_MAX, type PlanBudget } from '@utsav/contracts/schemas';
import { usePlansT } from './i18n';

interface BudgetFormValues {
  /** rupees as typed; '' for no budget */
  amount: string;
}
type BudgetFields = { amount: number | null };

/** Rupees as text, with Indian grouping and no paise when whole: what the field starts with. */
const rupeesText = (paise: number | null) => (paise === null ? '' : formatINR(paise).replace('₹', '').replace(/\.00$/, ''));

interface Props {
  planId: string;
  /** the event whose budget is set, with its name; none: the plan's own */
  event?: { eventId: string; title: string };
  current: number | null;
  onClose: () => void;
  onSaved: (budget: PlanBudget) => void;
}

/**
 * The plan's or an event's budget: rupees as typed go to the API as exact integer paise (parseRupees), checked by the
 * API's own schema (budgetInputSchema); its messages speak rupees here. Empty: no budget.
 */
export default function BudgetDialog({ planId, event, current, onClose, onSaved }: Props) {
  const t = usePlansT();
  const schemaResolver = useMemo(() => zodResolver(budgetInputSchema) as unknown as Resolver<{ amount: number | null }, unknown, BudgetFields>, []);
  const resolver: Resolver<BudgetFormValues, unknown, BudgetFields> = async (values, context, options) => {
    const typed = values.amount.trim();
    const amount = typed === '' ? null : parseRupees(typed);
    if (typed !== '' && amount === null) return { values: {}, errors: { amount: { type: 'validate', message: t('budget.amountInvalid') } } };
    const result = await schemaResolver({ amount }, context, options as never);
    if (result.errors.amount) result.errors.amount.message = t('budget.amountMax', { max: formatINR(PLAN_BUDGET_MAX) });
    return result as never;
  };
  const form = useForm<BudgetFormValues, unknown, BudgetFields>({ defaultValues: { amount: rupeesText(current) }, resolver });
  const { pending, error, close, run } = useDialogAction(onClose);
  const save = form.handleSubmit((fields) =>
    run(() => (event ? setEventBudget(planId, event.eventId, fields) : setPlanBudget(planId, fields)), t('budget.saved'), onSaved),
  );
  return (
    <ActionDialog
      open
      title={event ? t('budget.editEventTitle', { event: event.title }) : t('budget.editPlanTitle')}
      text={t('budget.amountHelp')}
      error={error}
      pending={pending}
      close={close}
      keepLabel={t('plans.form.keep')}
      confirmLabel={t('plans.form.save')}
      onConfirm={() => void save()}
    >
      <FormTextField
        form={form}
        name="amount"
        label={t('budget.amount')}
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
    </ActionDialog>
  );
}
