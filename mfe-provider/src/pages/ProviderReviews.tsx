import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage, formatDate, LoadError, Page, toast, useApi, useChange, useLocale } from '@utsav/contracts';
import { replyToReview } from '@utsav/contracts/provider';
import { providerResources } from '@utsav/contracts/provider-resources';
import { REVIEW_REPLY_MAX_LENGTH, type ProviderReview, type ProviderReviewPage } from '@utsav/contracts/schemas';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { ProviderNav } from '../features/listing/ProviderNav';
import { ListingPicker } from '../features/listing/ListingPicker';
import { useProviderT } from '../i18n';

function ReplyForm({ providerId, review, onReplied }: { providerId: string; review: ProviderReview; onReplied: (review: ProviderReview) => void }) {
  const t = useProviderT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const sending = useChange(replyToReview);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setMissing(true);
    const outcome = await sending.run(providerId, review.reviewId, text.trim());
    if (outcome.ok) {
      toast.success(t('reviews.replied'));
      onReplied(outcome.value);
    } else if ('error' in outcome) {
      toast.error(t('reviews.replyFailed', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  };
  if (!open) {
    return (
      <Button variant="outlined" onClick={() => setOpen(true)} aria-label={t('reviews.replyTo', { name: review.authorName })} sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
        {t('reviews.write')}
      </Button>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('reviews.replyTo', { name: review.authorName })} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        label={t('reviews.reply')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setMissing(false);
        }}
        multiline
        minRows={2}
        error={missing}
        helperText={missing ? t('reviews.replyMissing') : t('reviews.replyOnce')}
        slotProps={{ htmlInput: { maxLength: REVIEW_REPLY_MAX_LENGTH } }}
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={sending.pending} aria-busy={sending.pending} sx={{ minHeight: 48, alignSelf: 'flex-end' }}>
        {t('reviews.send')}
      </Button>
    </Box>
  );
}

function ReviewCard({ providerId, review, onReplied }: { providerId: string; review: ProviderReview; onReplied: (review: ProviderReview) => void }) {
  const t = useProviderT();
  const locale = useLocale();
  return (
    <Card component="li" variant="outlined" aria-label={t('reviews.by', { name: review.authorName })} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }}>{review.authorName}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDate(review.date, locale)}
          </Typography>
        </Box>
        <Rating value={review.rating} readOnly size="small" aria-label={t('reviews.stars', { count: review.rating })} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {review.serviceTitle}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{review.text}</Typography>
        {review.reply ? (
          <Box component="section" aria-label={t('reviews.yourReply')} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('reviews.yourReplyOn', { date: formatDate(review.reply.date, locale) })}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {review.reply.text}
            </Typography>
          </Box>
        ) : (
          <ReplyForm providerId={providerId} review={review} onReplied={onReplied} />
        )}
      </CardContent>
    </Card>
  );
}

function Reviews() {
  const t = useProviderT();
  const { listing } = useProviderScope();
  const [search, setSearch] = useSearchParams();
  const offset = Math.max(0, Number(search.get('offset')) || 0);
  const reviews = useApi(providerResources.reviews(listing.id, offset));
  if (reviews.status === 'error') return <LoadError message={t('reviews.loadError')} onRetry={reviews.retry} />;
  if (reviews.status !== 'success') return <Skeleton variant="rounded" height={240} role="status" aria-label={t('reviews.loading')} />;
  const page = reviews.data;
  const replied = (review: ProviderReview) =>
    reviews.update((data: ProviderReviewPage) => ({
      ...data,
      unanswered: Math.max(0, data.unanswered - 1),
      results: data.results.map((one) => (one.reviewId === review.reviewId ? review : one)),
    }));
  const go = (next: number) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next > 0) params.set('offset', String(next));
      else params.delete('offset');
      return params;
    });
  if (page.total === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('reviews.none')}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography>{t('reviews.summary', { total: page.total, unanswered: page.unanswered })}</Typography>
      <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {page.results.map((review) => (
          <ReviewCard key={review.reviewId} providerId={listing.id} review={review} onReplied={replied} />
        ))}
      </Box>
      {(page.offset > 0 || page.offset + page.limit < page.total) && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <Button onClick={() => go(Math.max(0, page.offset - page.limit))} disabled={page.offset === 0} sx={{ minHeight: 48 }}>
            {t('reviews.newer')}
          </Button>
          <Button onClick={() => go(page.offset + page.limit)} disabled={page.offset + page.limit >= page.total} sx={{ minHeight: 48 }}>
            {t('reviews.older')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

export const preload = preloadProvider();

/** /provider/reviews: what customers wrote about the listing's services, and one reply to each (shown on the service page). */
export default function ProviderReviewsPage() {
  const t = useProviderT();
  return (
    <ProviderGate title={t('reviews.title')}>
      <Page title={t('reviews.title')}>
        <ProviderNav />
        <ListingPicker />
        <Reviews />
      </Page>
    </ProviderGate>
  );
}
