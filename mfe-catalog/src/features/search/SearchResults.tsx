import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ServiceCard, ServiceCardSkeleton } from '../../shared/ServiceCard';
import { ABOVE_FOLD_CARDS } from '../../shared/covers';
import type { ServiceSearch } from './useServiceSearch';
import { visuallyHidden } from '@utsav/contracts';

const gridSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  // two columns on a phone, as many as fit beyond
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
} as const;

const SKELETONS = 6;

function statusText(search: ServiceSearch): string {
  switch (search.status) {
    case 'idle':
      return 'Search for services above';
    case 'loading':
      return 'Loading...';
    case 'error':
      return "Couldn't load services.";
    case 'success':
      if (search.total === 0) {
        return search.query ? `No services found matching "${search.query}"` : `No ${search.category ?? ''} services found`;
      }
      return `${search.total} ${search.total === 1 ? 'service' : 'services'}`;
  }
}

/** The search page's answer: a prompt, the no-results line, or a grid of cards with 'Load more'. */
export function SearchResults({ search }: { search: ServiceSearch }) {
  const { status } = search;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography
        role="status"
        sx={
          status === 'loading'
            ? visuallyHidden
            : { color: status === 'success' && search.total > 0 ? 'text.secondary' : 'text.primary', textAlign: status === 'success' && search.total > 0 ? 'left' : 'center', py: status === 'success' && search.total > 0 ? 0 : 4 }
        }
      >
        {statusText(search)}
      </Typography>

      {status === 'error' && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={search.retry} sx={{ minHeight: 48 }}>
            Retry
          </Button>
        </Box>
      )}

      {status === 'loading' && (
        <Box component="ul" sx={gridSx} aria-hidden>
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i}>
              <ServiceCardSkeleton />
            </li>
          ))}
        </Box>
      )}

      {status === 'success' && search.results.length > 0 && (
        <Box component="ul" sx={gridSx} aria-label="Search results">
          {search.results.map((service, index) => (
            <li key={service.serviceId}>
              <ServiceCard service={service} priority={index < ABOVE_FOLD_CARDS ? 'eager' : 'lazy'} headingLevel="h2" />
            </li>
          ))}
        </Box>
      )}

      {search.canLoadMore && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={search.loadMore} loading={search.loadingMore} sx={{ minHeight: 48, minWidth: 160 }}>
            Load more
          </Button>
        </Box>
      )}
    </Box>
  );
}
