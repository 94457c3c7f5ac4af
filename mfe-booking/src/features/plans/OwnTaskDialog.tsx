import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormTextField } from '@utsav/contracts/form';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { addOwnTask } from '@utsav/contracts/plans';
import { CHECKLIST_TASK_TITLE_MAX_LENGTH, ownTaskInputSchema, type Checklist, type OwnTaskFields } from '@utsav/contracts/schemas';
import { eventTitle } from './plan-text';
import { usePlansT } from './i18n';

/** What the form holds, as the inputs give it: '' for no due day and for no event. */
interface OwnTaskFormValues {
  title: string;
  due: string;
  eventId: string;
}

/** The API's own schema checks the form and gives its messages; '' goes to it as null. */
const schemaResolver = zodResolver(ownTaskInputSchema) as unknown as Resolver<{ title: string; due: string | null; eventId: string | null }, unknown, OwnTaskFields>;
const taskResolver: Resolver<OwnTaskFormValues, unknown, OwnTaskFields> = (values, context, options) =>
  schemaResolver({ title: values.title, due: values.due === '' ? null : values.due, eventId: values.eventId === '' ? null : values.eventId }, context, options as never);

interface Props {
  checklist: Checklist;
  onClose: () => void;
  onSaved: (checklist: Checklist) => void;
}

/** A task of the couple's own: what, by when (or no date), for one of the plan's events or the whole plan. */
export default function OwnTaskDialog({ checklist, onClose, onSaved }: Props) {
  const t = usePlansT();
  const form = useForm<OwnTaskFormValues, unknown, OwnTaskFields>({ defaultValues: { title: '', due: '', eventId: '' }, resolver: taskResolver });
  const { pending, error, close, run } = useDialogAction(onClose);
  const save = form.handleSubmit((fields) => run(() => addOwnTask(checklist.planId, fields), t('checklist.added'), onSaved));
  return (
    <ActionDialog
      open
      title={t('checklist.form.title')}
      error={error}
      pending={pending}
      close={close}
      keepLabel={t('plans.form.keep')}
      confirmLabel={t('checklist.form.add')}
      onConfirm={() => void save()}
    >
      <FormTextField form={form} name="title" label={t('checklist.form.name')} sx={{ mt: 1 }} slotProps={{ htmlInput: { maxLength: CHECKLIST_TASK_TITLE_MAX_LENGTH } }} />
      <FormTextField form={form} name="due" type="date" label={t('checklist.form.due')} slotProps={{ inputLabel: { shrink: true } }} />
      <FormTextField form={form} name="eventId" select label={t('checklist.form.event')} slotProps={{ select: { native: true } }}>
        <option value="">{t('checklist.wholePlan')}</option>
        {checklist.events.map((event) => (
          <option key={event.eventId} value={event.eventId}>
            {eventTitle(event, t)}
          </option>
        ))}
      </FormTextField>
    </ActionDialog>
  );
}
