import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reviewBooking } from '@utsav/contracts/booking';
import { REVIEW_TEXT_MAX_LENGTH, reviewCreateSchema, type Booking } from '@utsav/contracts/schemas';
import { useDialogAction } from './use-dialog-action';

export const REVIEW_SENT = 'Thanks! Your review is on the service’s page.';

interface Props {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  onReviewed: (updated: Booking) => void;
}

interface Problems {
  rating?: string;
  text?: string;
}

/** The stars and words of a review, checked by the API's own schema before they are sent. */
function problemsOf(rating: number | null, text: string): Problems | null {
  const parsed = reviewCreateSchema.safeParse({ rating: rating ?? undefined, text });
  if (parsed.success) return null;
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'rating' || field === 'text') && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** "Rate & review" of a paid booking that has taken place: 1–5 stars and a few words, sent once. */
export function ReviewBookingDialog({ booking, open, onClose, onReviewed }: Props) {
  const titleId = useId();
  const ratingLabelId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const { pending, error, close, run } = useDialogAction(onClose);

  const send = () => {
    const found = problemsOf(rating, text);
    setProblems(found ?? {});
    if (found) return;
    return run(() => reviewBooking(booking.bookingId, { rating: rating!, text }), REVIEW_SENT, onReviewed);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Review {booking.serviceTitle}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography id={ratingLabelId} component="p" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            Your rating
          </Typography>
          <Rating
            name={`rating-${booking.bookingId}`}
            value={rating}
            onChange={(_event, value) => {
              setRating(value);
              setProblems((current) => ({ ...current, rating: undefined }));
            }}
            size="large"
            aria-labelledby={ratingLabelId}
          />
          {problems.rating && (
            <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
              {problems.rating}
            </Typography>
          )}
        </Box>
        <TextField
          label="Your review"
          multiline
          minRows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblems((current) => ({ ...current, text: undefined }));
          }}
          error={Boolean(problems.text)}
          helperText={problems.text ?? `What went well, what could be better (up to ${REVIEW_TEXT_MAX_LENGTH} characters)`}
          slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX_LENGTH } }}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={close} disabled={pending} sx={{ minHeight: 48 }}>
          Not now
        </Button>
        <Button onClick={send} variant="contained" disabled={pending} aria-busy={pending} sx={{ minHeight: 48 }}>
          Post review
        </Button>
      </DialogActions>
    </Dialog>
  );
}
