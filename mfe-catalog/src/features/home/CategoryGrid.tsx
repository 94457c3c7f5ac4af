import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import FaceRetouchingNaturalOutlined from '@mui/icons-material/FaceRetouchingNaturalOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import RestaurantOutlined from '@mui/icons-material/RestaurantOutlined';
import { paths } from '@utsav/contracts';
import { HOME_CATEGORIES } from '@utsav/contracts/schemas';

type HomeCategory = (typeof HOME_CATEGORIES)[number];

const ICONS: Record<HomeCategory, ReactNode> = {
  Photography: <PhotoCameraOutlined aria-hidden />,
  Catering: <RestaurantOutlined aria-hidden />,
  Makeup: <FaceRetouchingNaturalOutlined aria-hidden />,
  Venues: <CelebrationOutlined aria-hidden />,
};

/** Spec §2 Home: Popular Categories, each opening the search filtered to it. */
function CategoryGridView() {
  return (
    <Box component="section" aria-labelledby="home-categories">
      <Typography id="home-categories" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        Popular Categories
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}
      >
        {HOME_CATEGORIES.map((category) => (
          <li key={category}>
            <ButtonBase
              component={RouterLink}
              to={paths.search({ category })}
              sx={{
                width: '100%',
                minHeight: 64,
                px: 1.5,
                gap: 1,
                justifyContent: 'flex-start',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                color: 'primary.main',
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {ICONS[category]}
              <Typography component="span" variant="body1" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {category}
              </Typography>
            </ButtonBase>
          </li>
        ))}
      </Box>
    </Box>
  );
}

// memoized, so Home renders it again only when its own props change (see pages/Home.tsx)
export const CategoryGrid = memo(CategoryGridView);
