import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { FormTextField } from '@utsav/contracts/form';
import { declineEnquiry } from '@utsav/contracts/provider';
import { ENQUIRY_DECLINE_REASON_MAX_LENGTH, enquiryDeclineSchema, type EnquiryDecline, type ProviderEnquiry } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';

/** The API's own schema checks the reason and gives its message. */
const declineResolver = zodResolver(enquiryDeclineSchema) as unknown as Resolver<{ reason: string }, unknown, EnquiryDecline>;

interface Props {
  enquiry: ProviderEnquiry;
  open: boolean;
  onClose: () => void;
  onDeclined: (enquiry: ProviderEnquiry) => void;
}

/** Declines an enquiry with the provider's reason, which the customer reads (like a request's DeclineDialog). */
export function DeclineEnquiryDialog({ enquiry, open, onClose, onDeclined }: Props) {
  const t = useProviderT();
  const form = useForm<{ reason: string }, unknown, EnquiryDecline>({ defaultValues: { reason: '' }, resolver: declineResolver });
  const action = useDialogAction(() => {
    form.clearErrors();
    onClose();
  });
  const name = enquiry.consumer.firstName;
  const confirm = form.handleSubmit((decline) => action.run(() => declineEnquiry(enquiry.enquiryId, decline), t('enquiryDecline.done', { name }), onDeclined));
  return (
    <ActionDialog
      open={open}
      title={t('enquiryDecline.title')}
      text={t('enquiryDecline.text', { name })}
      error={action.error}
      pending={action.pending}
      close={action.close}
      keepLabel={t('decline.keep')}
      confirmLabel={t('enquiryDecline.confirm')}
      onConfirm={() => void confirm()}
      destructive
    >
      <FormTextField
        form={form}
        name="reason"
        label={t('enquiryDecline.reason')}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: ENQUIRY_DECLINE_REASON_MAX_LENGTH } }}
        sx={{ mt: 1 }}
      />
    </ActionDialog>
  );
}
