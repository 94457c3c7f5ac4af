import { memo } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LoadError, type ApiState } from '@utsav/contracts';
import type { ServiceListItem } from '@utsav/contracts/schemas';
import { ServiceCard, ServiceCardSkeleton } from '../../shared/ServiceCard';
import { coverPriority, PICTURE_SIZES } from '../../shared/covers';
import { useCatalogT } from '../../i18n';

interface ServiceRailProps {
  id: string;
  title: string;
  /** where 'See All' goes: the whole list this rail starts */
  seeAll: string;
  list: ApiState<{ results: ServiceListItem[] }>;
  /** how many cards to hold room for while loading */
  expected: number;
  /** the first rail on the page: its first cards are on screen at once, so they load eagerly */
  aboveFold?: boolean;
}

const CARD_WIDTH = 'clamp(200px, 62%, 240px)';

const rowSx = {
  listStyle: 'none',
  m: 0,
  // bleed to the screen edge so cards scroll under the page margin, without widening the page
  mx: { xs: -2, sm: -3 },
  px: { xs: 2, sm: 3 },
  pb: 1,
  display: 'flex',
  gap: 1.5,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollPaddingInline: { xs: 16, sm: 24 },
  overscrollBehaviorX: 'contain',
  '& > li': { flex: `0 0 ${CARD_WIDTH}`, scrollSnapAlign: 'start', minWidth: 0 },
} as const;

/** Spec §2 Home: a titled horizontal list of service cards with a 'See All' link to its whole list. */
function ServiceRailView({ id, title, seeAll, list, expected, aboveFold = false }: ServiceRailProps) {
  const t = useCatalogT();
  const headingId = `${id}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} aria-busy={list.status === 'loading'}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button component={RouterLink} to={seeAll} sx={{ minHeight: 48, flexShrink: 0 }}>
          {t('rail.seeAll')}
        </Button>
      </Box>

      {list.status === 'loading' && (
        <Box component="ul" sx={rowSx} aria-hidden>
          {Array.from({ length: expected }, (_, i) => (
            <li key={i}>
              <ServiceCardSkeleton />
            </li>
          ))}
        </Box>
      )}

      {list.status === 'error' && <LoadError message={t('rail.loadError')} onRetry={list.retry} />}

      {list.status === 'success' && list.data?.results.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('rail.empty')}</Typography>
      )}

      {list.status === 'success' && list.data && list.data.results.length > 0 && (
        <Box component="ul" sx={rowSx}>
          {list.data.results.map((service, index) => (
            <li key={service.serviceId}>
              <ServiceCard service={service} sizes={PICTURE_SIZES.rail} priority={coverPriority(index, aboveFold)} headingLevel="h3" />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

// memoized, so Home renders it again only when its own props change (see pages/Home.tsx)
export const ServiceRail = memo(ServiceRailView);
