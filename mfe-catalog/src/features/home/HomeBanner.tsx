import { memo } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '@utsav/contracts';
import { useCatalogT } from '../../i18n';

/** Spec §2 Home: the banner with its Browse Services link. */
function HomeBannerView() {
  const t = useCatalogT();
  return (
    <Box
      sx={{
        borderRadius: 2,
        px: { xs: 2.5, sm: 4 },
        py: { xs: 3, sm: 4 },
        color: 'primary.contrastText',
        background: 'linear-gradient(135deg, #9c1f4f 0%, #6f1238 60%, #b86e00 140%)',
      }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {t('home.banner')}
      </Typography>
      <Button
        component={RouterLink}
        to={paths.search()}
        variant="contained"
        size="large"
        sx={{ minHeight: 48, bgcolor: 'background.paper', color: 'primary.main', '&:hover': { bgcolor: 'grey.100' } }}
      >
        {t('home.browseServices')}
      </Button>
    </Box>
  );
}

// memoized, so Home renders it again only when its own props change (see pages/Home.tsx)
export const HomeBanner = memo(HomeBannerView);
