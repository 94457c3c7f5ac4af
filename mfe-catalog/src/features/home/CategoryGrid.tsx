import { Fragment, memo, type ReactNode } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import BackHandOutlined from '@mui/icons-material/BackHandOutlined';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import ContentCutOutlined from '@mui/icons-material/ContentCutOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Face3Outlined from '@mui/icons-material/Face3Outlined';
import FaceRetouchingNaturalOutlined from '@mui/icons-material/FaceRetouchingNaturalOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import RestaurantOutlined from '@mui/icons-material/RestaurantOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import { paths } from '@utsav/contracts';
import { SERVICE_CATEGORIES, type ServiceCategory } from '@utsav/contracts/schemas';
import { useCatalogT } from '../../i18n';
import { CATEGORY_NAMES } from '../../shared/labels';

const ICONS: Record<ServiceCategory, ReactNode> = {
  Photography: <PhotoCameraOutlined aria-hidden />,
  Catering: <RestaurantOutlined aria-hidden />,
  Makeup: <FaceRetouchingNaturalOutlined aria-hidden />,
  Venues: <CelebrationOutlined aria-hidden />,
  Haircut: <ContentCutOutlined aria-hidden />,
  Massage: <SpaOutlined aria-hidden />,
  Facial: <Face3Outlined aria-hidden />,
  'Manicure/Pedicure': <BackHandOutlined aria-hidden />,
  'Personal Training': <FitnessCenterOutlined aria-hidden />,
  Tutoring: <SchoolOutlined aria-hidden />,
  'Wedding Planning': <EventNoteOutlined aria-hidden />,
};

const TILE_WIDTH = 104;

/** A category's name, allowed to wrap after its slash ("Manicure/Pedicure") but never inside a word. */
const nameOf = (name: string) =>
  name.split('/').map((part, index) => (
    <Fragment key={part}>
      {index > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));

/**
 * Spec §2 Home: Popular Categories, each opening the search filtered to it. All of the catalog's
 * categories (the spec's four first), in two rows that scroll sideways on a phone, so every category is
 * one tap from Home without pushing the lists below the fold.
 */
function CategoryGridView() {
  const t = useCatalogT();
  return (
    <Box component="section" aria-labelledby="home-categories">
      <Typography id="home-categories" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('home.categories')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          // bleed to the screen edge so tiles scroll under the page margin, without widening the page
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
          pb: 0.5,
          display: 'grid',
          gap: 1,
          gridTemplateRows: { xs: 'repeat(2, auto)', sm: 'none' },
          gridAutoFlow: { xs: 'column', sm: 'row' },
          gridAutoColumns: { xs: `${TILE_WIDTH}px`, sm: 'auto' },
          gridTemplateColumns: { xs: 'none', sm: `repeat(auto-fill, minmax(${TILE_WIDTH + 24}px, 1fr))` },
          overflowX: { xs: 'auto', sm: 'visible' },
          overscrollBehaviorX: 'contain',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {SERVICE_CATEGORIES.map((category) => (
          <li key={category}>
            <ButtonBase
              component={RouterLink}
              to={paths.search({ category })}
              sx={{
                width: '100%',
                height: 84,
                px: 0.5,
                gap: 0.5,
                flexDirection: 'column',
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
              <Typography
                component="span"
                variant="body2"
                sx={{ fontWeight: 600, fontSize: '0.8125rem', color: 'text.primary', textAlign: 'center', lineHeight: 1.2 }}
              >
                {nameOf(t(CATEGORY_NAMES[category]))}
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
