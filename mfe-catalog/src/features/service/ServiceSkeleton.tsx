import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { CAROUSEL_RATIO } from './ImageCarousel';

/** The service page's shape while it loads: picture, title, a few lines, the button. */
export function ServiceSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: CAROUSEL_RATIO, borderRadius: 1 }} />
      <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: '70%' }} />
      <Skeleton variant="text" sx={{ width: '40%' }} />
      <Skeleton variant="rectangular" sx={{ height: 48, borderRadius: 1 }} />
      <Skeleton variant="text" />
      <Skeleton variant="text" />
    </Box>
  );
}
