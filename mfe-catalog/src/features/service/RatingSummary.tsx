import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StarRounded from '@mui/icons-material/StarRounded';
import { visuallyHidden } from '@utsav/contracts';
import { useCatalogT } from '../../i18n';

/** Average rating (N/A when nobody has rated yet) and the review count (spec §2 Service detail). */
export function RatingSummary({ averageRating, reviewCount }: { averageRating: number | null; reviewCount: number }) {
  const t = useCatalogT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <StarRounded aria-hidden sx={{ color: 'secondary.main', fontSize: 20 }} />
      <Box component="span" sx={visuallyHidden}>
        {t('rating.average')}
      </Box>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {averageRating === null ? t('rating.none') : averageRating.toFixed(1)}
      </Typography>
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        {t('rating.count', { count: reviewCount })}
      </Typography>
    </Box>
  );
}
