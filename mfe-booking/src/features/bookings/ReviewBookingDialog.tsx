import { useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reviewBooking } from '@utsav/contracts/booking';
import { REVIEW_TEXT_MAX_LENGTH, reviewCreateSchema, type Booking, type ReviewCreate } from '@utsav/contracts/schemas';
import { ActionDialog, useDialogAction } from '@utsav/contracts/confirm-dialog';
import { useBookingT } from '../../i18n';

interface Props {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  onReviewed: (updated: Booking) => void;
}

/** What the form holds: no stars yet is null, which the API's schema reports as 'Choose from 1 to 5 stars'. */
interface ReviewFormValues {
  rating: number | null;
  text: string;
}

/** The API's own schema checks the form and gives its messages. */
const reviewResolver = zodResolver(reviewCreateSchema) as unknown as Resolver<ReviewFormValues, unknown, ReviewCreate>;

/** "Rate & review" of a paid booking that has taken place: 1–5 stars and a few words, sent once. */
export function ReviewBookingDialog({ booking, open, onClose, onReviewed }: Props) {
  const t = useBookingT();
  const ratingLabelId = useId();
  const { control, handleSubmit, formState } = useForm<ReviewFormValues, unknown, ReviewCreate>({
    defaultValues: { rating: null, text: '' },
    resolver: reviewResolver,
  });
  const { pending, error, close, run } = useDialogAction(onClose);
  const send = handleSubmit((review) => run(() => reviewBooking(booking.bookingId, review), t('review.done'), onReviewed));

  return (
    <ActionDialog
      open={open}
      title={t('review.title', { service: booking.serviceTitle })}
      error={error}
      pending={pending}
      close={close}
      keepLabel={t('review.notNow')}
      confirmLabel={t('review.post')}
      onConfirm={() => void send()}
    >
      <Box>
        <Typography id={ratingLabelId} component="p" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('review.rating')}
        </Typography>
        <Controller
          name="rating"
          control={control}
          render={({ field }) => (
            <Rating
              name={`rating-${booking.bookingId}`}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              size="large"
              aria-labelledby={ratingLabelId}
            />
          )}
        />
        {formState.errors.rating && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
            {formState.errors.rating.message}
          </Typography>
        )}
      </Box>
      <Controller
        name="text"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('review.text')}
            multiline
            minRows={3}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? t('review.hint', { max: REVIEW_TEXT_MAX_LENGTH })}
            slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX_LENGTH } }}
          />
        )}
      />
    </ActionDialog>
  );
}
