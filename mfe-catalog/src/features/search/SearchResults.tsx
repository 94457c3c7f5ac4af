import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@utsav/contracts/router';
import { LoadError, visuallyHidden, type Translate } from '@utsav/contracts';
import { useCatalogT, type CatalogMessage } from '../../i18n';
import { ServiceCard, ServiceCardSkeleton } from '../../shared/ServiceCard';
import { coverPriority, PICTURE_SIZES } from '../../shared/covers';
import type { ServiceSearch } from './use-service-search';
import { browsePath, filterCount } from './browse-address';

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

function statusText(search: ServiceSearch, t: Translate<CatalogMessage>): string {
  switch (search.status) {
    case 'idle':
    case 'loading':
      return t('loading');
    case 'error':
      // said by the error block below
      return '';
    case 'success':
      if (search.total === 0) {
        const { q } = search.browse;
        if (q) return t('results.noMatchText', { q });
        return t('results.noMatchFilters');
      }
      return t('results.count', { count: search.total });
  }
}

/** Previous and Next as links to the neighbouring pages' addresses, so Back returns to the page before. */
function Pager({ search }: { search: ServiceSearch }) {
  const t = useCatalogT();
  const { browse, pages } = search;
  const { page } = browse;
  if (pages <= 1 && page === 1) return null;
  const link = (to: number, label: string) => (
    <Button component={RouterLink} to={browsePath({ ...browse, page: to })} variant="outlined" sx={{ minHeight: 48, minWidth: 104 }}>
      {label}
    </Button>
  );
  return (
    <Box component="nav" aria-label={t('pager.label')} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      {page > 1 ? link(Math.min(page - 1, pages), t('pager.previous')) : <Box sx={{ minWidth: 104 }} />}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('pager.page', { page, pages })}
      </Typography>
      {page < pages ? link(page + 1, t('pager.next')) : <Box sx={{ minWidth: 104 }} />}
    </Box>
  );
}

/** The search page's answer: the count or the no-results line, a grid of cards, and the pages. */
export function SearchResults({ search, onClearFilters }: { search: ServiceSearch; onClearFilters: () => void }) {
  const t = useCatalogT();
  const { status } = search;
  const filtered = filterCount(search.browse) > 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 40 }}>
        <Typography
          role="status"
          sx={status === 'loading' ? visuallyHidden : { color: status === 'success' && search.total > 0 ? 'text.secondary' : 'text.primary' }}
        >
          {statusText(search, t)}
        </Typography>
        {filtered && (
          <Button onClick={onClearFilters} sx={{ minHeight: 40, ml: 'auto', flexShrink: 0 }}>
            {t('results.clearFilters')}
          </Button>
        )}
      </Box>

      {status === 'error' && <LoadError message={t('results.loadError')} onRetry={search.retry} />}

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
        <Box component="ul" sx={gridSx} aria-label={t('results.label')}>
          {search.results.map((service, index) => (
            <li key={service.serviceId}>
              <ServiceCard service={service} sizes={PICTURE_SIZES.grid} priority={coverPriority(index)} headingLevel="h2" />
            </li>
          ))}
        </Box>
      )}

      {status === 'success' && search.total > 0 && search.results.length === 0 && (
        <Typography sx={{ textAlign: 'center', py: 2 }}>{t('results.pastEnd', { pages: search.pages })}</Typography>
      )}

      {status === 'success' && <Pager search={search} />}
    </Box>
  );
}
