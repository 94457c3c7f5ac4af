import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import StarRounded from '@mui/icons-material/StarRounded';
import { formatINR, paths, visuallyHidden } from '@utsav/contracts';
import type { ServiceListItem, ServiceSearchResult } from '@utsav/contracts/schemas';
import { CatalogImg } from './CatalogImg';

type CardService = ServiceSearchResult | ServiceListItem;

interface ServiceCardProps {
  service: CardService;
  /** 'high'/'eager' for the first cards on screen; the rest load lazily */
  priority?: 'high' | 'eager' | 'lazy';
  /** the card title's heading level, one below the section it sits in */
  headingLevel?: 'h2' | 'h3';
}

/** Search results carry `mainImage`; the popular and latest lists carry `images.mainImage` (spec §3). */
function coverOf(service: CardService) {
  return 'mainImage' in service ? service.mainImage : service.images.mainImage;
}

const CARD_RATIO = '4 / 3';

/** One service as a card linking to its detail page: picture, title, city, starting price, rating. */
export function ServiceCard({ service, priority = 'lazy', headingLevel = 'h3' }: ServiceCardProps) {
  // The link is named by everything it shows (title first, then city, price and rating): a name
  // narrower than the visible text fails WCAG 2.5.3, and a speech user could not say what they see.
  return (
    <Card component="article" variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.serviceDetail(service.serviceId)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <CatalogImg image={coverOf(service)} priority={priority} ratio={CARD_RATIO} />
        <CardContent sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1 }}>
          <Typography
            component={headingLevel}
            variant="subtitle1"
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {service.title}
          </Typography>
          <Box sx={{ display: 'contents' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {service.location.city}
            </Typography>
            <Box sx={{ mt: 'auto', pt: 0.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                From {formatINR(service.price)}
              </Typography>
              <CardRating rating={service.rating} />
            </Box>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function CardRating({ rating }: { rating: number | null }) {
  if (rating === null) {
    return (
      <Typography variant="caption" sx={{ fontWeight: 600, color: 'secondary.dark' }}>
        New
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      <StarRounded aria-hidden sx={{ fontSize: 18, color: 'secondary.main' }} />
      <Box component="span" sx={visuallyHidden}>
        Rated{' '}
      </Box>
      {rating.toFixed(1)}
    </Typography>
  );
}

/** Holds a card's exact box while the list loads. */
export function ServiceCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: CARD_RATIO }} />
      <CardContent sx={{ p: 1.5 }}>
        <Skeleton variant="text" sx={{ fontSize: '1rem' }} />
        <Skeleton variant="text" sx={{ fontSize: '0.875rem', width: '50%' }} />
        <Skeleton variant="text" sx={{ fontSize: '0.875rem', width: '70%' }} />
      </CardContent>
    </Card>
  );
}
