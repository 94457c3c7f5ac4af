import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import StarRounded from '@mui/icons-material/StarRounded';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import { formatDate, initialsOf, LoadError, useApi, useLocale } from '@utsav/contracts';
import { catalogResources } from '@utsav/contracts/resources';
import type { Review } from '@utsav/contracts/schemas';
import { useCatalogT } from '../../i18n';

/** How many reviews each "Show more reviews" adds. */
export const REVIEWS_PAGE_SIZE = 10;

function Stars({ rating }: { rating: number }) {
  const t = useCatalogT();
  return (
    <Box role="img" aria-label={t('reviews.stars', { rating })} sx={{ display: 'inline-flex', color: 'secondary.main' }}>
      {[1, 2, 3, 4, 5].map((star) =>
        star <= rating ? <StarRounded key={star} sx={{ fontSize: 18 }} /> : <StarBorderRounded key={star} sx={{ fontSize: 18 }} />,
      )}
    </Box>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const t = useCatalogT();
  const locale = useLocale();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Avatar aria-hidden sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: '0.95rem' }}>
        {initialsOf(review.authorName)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
            {review.authorName}
          </Typography>
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDate(review.date, locale)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Stars rating={review.rating} />
          {review.verified && (
            <Typography component="span" variant="caption" sx={{ color: 'success.dark', fontWeight: 600 }}>
              {/* a review written by a consumer about a booking of theirs that took place */}
              {t('reviews.verified')}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {review.text}
        </Typography>
        {review.reply && <ProviderReply reply={review.reply} />}
      </Box>
    </Box>
  );
}

/** The provider's reply under its review (one per review, written on the provider's side), as text. */
function ProviderReply({ reply }: { reply: NonNullable<Review['reply']> }) {
  const t = useCatalogT();
  const locale = useLocale();
  return (
    <Box
      role="group"
      aria-label={t('reviews.replyLabel')}
      sx={{ mt: 1, ml: 1, pl: 1.5, py: 0.5, borderLeft: 3, borderColor: 'primary.light', bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Typography component="p" variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
        {t('reviews.reply', { date: formatDate(reply.date, locale) })}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {reply.text}
      </Typography>
    </Box>
  );
}

function LoadingReviews() {
  const t = useCatalogT();
  return (
    <Box role="status" aria-label={t('reviews.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 1, py: 1 }}>
      {[0, 1].map((row) => (
        <Skeleton key={row} variant="rectangular" sx={{ height: 72, borderRadius: 1 }} />
      ))}
    </Box>
  );
}

/**
 * The Reviews tab (issue 15 item 5): the service's reviews, newest first, REVIEWS_PAGE_SIZE at a time
 * with "Show more reviews". The total comes from the API, which derives the rating line's count from the
 * same rows, so "(15 reviews)" above and "15 reviews" here always agree.
 */
export function ServiceReviews({ serviceId }: { serviceId: string }) {
  const t = useCatalogT();
  // the page being asked for, and what the earlier pages already showed
  const [request, setRequest] = useState<{ offset: number; before: Review[] }>({ offset: 0, before: [] });
  const page = useApi(catalogResources.reviews(serviceId, { limit: REVIEWS_PAGE_SIZE, offset: request.offset }));

  const reviews = page.status === 'success' ? [...request.before, ...page.data.results] : request.before;
  const total = page.status === 'success' ? page.data.total : null;

  if (total === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('reviews.empty')}</Typography>;
  return (
    <Box>
      {total !== null && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }} aria-live="polite">
          {t('reviews.showing', { shown: reviews.length, count: total })}
        </Typography>
      )}
      {reviews.length > 0 && (
        <Box component="ul" aria-label={t('reviews.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {reviews.map((review) => (
            <ReviewItem key={review.reviewId} review={review} />
          ))}
        </Box>
      )}
      {page.status === 'error' && <LoadError message={t('reviews.loadError')} onRetry={page.retry} />}
      {(page.status === 'loading' || page.status === 'idle') && <LoadingReviews />}
      {total !== null && reviews.length < total && (
        <Button
          variant="outlined"
          fullWidth
          onClick={() => setRequest({ offset: reviews.length, before: reviews })}
          sx={{ mt: 2, minHeight: 48 }}
        >
          {t('reviews.more')}
        </Button>
      )}
    </Box>
  );
}
