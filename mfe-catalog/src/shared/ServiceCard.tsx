import { Link as RouterLink } from '@utsav/contracts/router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { styled } from '@mui/material/styles';
import StarRounded from '@mui/icons-material/StarRounded';
import { formatINR, paths, visuallyHidden } from '@utsav/contracts';
import type { ServiceListItem, ServiceSearchResult } from '@utsav/contracts/schemas';
import { CatalogImg } from './CatalogImg';
import { coverOf } from './covers';
import { ShortlistHeart } from './ShortlistHeart';
import { useCatalogT } from '../i18n';

type CardService = ServiceSearchResult | ServiceListItem;

interface ServiceCardProps {
  service: CardService;
  /** how wide the list draws a card (PICTURE_SIZES in ./covers.ts) */
  sizes: string;
  /** 'high'/'eager' for the first cards on screen; the rest load lazily */
  priority?: 'high' | 'eager' | 'lazy';
  /** the card title's heading level, one below the section it sits in */
  headingLevel?: 'h2' | 'h3';
}

const CARD_RATIO = '4 / 3';

/**
 * The card's look, as one style rule for all its parts: a results page draws dozens of cards, and a
 * card of plain elements under one styled root renders a fraction of the components (and style
 * work) a card of MUI parts did, each with its own sx. It looks as an outlined MUI Card with an
 * action area did, and tapping it shows the pressed shade instead of a ripple.
 */
const CardRoot = styled('article')(({ theme }) => ({
  // the containing block of its visually hidden text, which must stay inside the card: outside a
  // rail's scroller, a far card's hidden text would widen the whole page
  position: 'relative',
  height: '100%',
  boxSizing: 'border-box',
  overflow: 'hidden',
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  '& .card-link': {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    color: 'inherit',
    textDecoration: 'none',
    WebkitTapHighlightColor: 'transparent',
    '&:focus-visible': { outline: `3px solid ${theme.palette.secondary.main}`, outlineOffset: -3 },
    '@media (hover: hover)': { '&:hover': { backgroundColor: theme.palette.action.hover } },
    '&:active': { backgroundColor: theme.palette.action.selected },
  },
  // the picture shows first but is read last: the link's name starts with the title (WCAG 2.5.3)
  '& .card-cover': { order: -1 },
  '& .card-text': { padding: theme.spacing(1.5), display: 'flex', flexDirection: 'column', gap: theme.spacing(0.5), flexGrow: 1 },
  '& .card-title': {
    ...theme.typography.subtitle1,
    margin: 0,
    fontWeight: 600,
    lineHeight: 1.3,
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  '& .card-city': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
  '& .card-footer': {
    marginTop: 'auto',
    paddingTop: theme.spacing(0.5),
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: theme.spacing(1),
  },
  '& .card-price': { ...theme.typography.body2, margin: 0, fontWeight: 600 },
  '& .card-rating': { ...theme.typography.body2, display: 'inline-flex', alignItems: 'center', gap: theme.spacing(0.25) },
  '& .card-star': { fontSize: 18, color: theme.palette.secondary.main },
  '& .card-new': { ...theme.typography.caption, fontWeight: 600, color: theme.palette.secondary.dark },
  '& .card-hidden': visuallyHidden,
  // over the cover's top-right corner, outside the link: a tap on it saves, and never opens the service
  '& .card-heart': { position: 'absolute', top: theme.spacing(0.5), right: theme.spacing(0.5) },
}));

/**
 * One service as a card linking to its detail page: picture, title, city, starting price, rating; and the
 * shortlist heart over the picture, beside the link rather than in it (a button inside a link is invalid, and
 * its tap would open the service).
 */
export function ServiceCard({ service, sizes, priority = 'lazy', headingLevel: Heading = 'h3' }: ServiceCardProps) {
  const t = useCatalogT();
  // The link is named by everything it shows (title first, then city, price and rating): a name
  // narrower than the visible text fails WCAG 2.5.3, and a speech user could not say what they see.
  return (
    <CardRoot>
      <RouterLink className="card-link" to={paths.serviceDetail(service.serviceId)}>
        <div className="card-text">
          <Heading className="card-title">{service.title}</Heading>
          <p className="card-city">{service.location.city}</p>
          <div className="card-footer">
            <p className="card-price">{t('price.from', { price: formatINR(service.price) })}</p>
            <CardRating rating={service.rating} />
          </div>
        </div>
        <CatalogImg image={coverOf(service)} sizes={sizes} priority={priority} ratio={CARD_RATIO} className="card-cover" />
      </RouterLink>
      <ShortlistHeart serviceId={service.serviceId} title={service.title} overlay className="card-heart" />
    </CardRoot>
  );
}

function CardRating({ rating }: { rating: number | null }) {
  const t = useCatalogT();
  if (rating === null) return <span className="card-new">{t('card.new')}</span>;
  return (
    <span className="card-rating">
      <StarRounded aria-hidden className="card-star" fontSize="inherit" />
      <span className="card-hidden">{t('card.rated')} </span>
      {rating.toFixed(1)}
    </span>
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
