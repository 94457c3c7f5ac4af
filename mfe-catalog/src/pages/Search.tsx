import { Page, type PagePreload } from '@utsav/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef } from 'react';
import { BrowseControls } from '../features/search/BrowseControls';
import { SearchBox } from '../features/search/SearchBox';
import { SearchResults } from '../features/search/SearchResults';
import { browseOf, useBrowseAddress } from '../features/search/browse-address';
import { useSearchText } from '../features/search/use-search-text';
import { preloadSearch, useServiceSearch } from '../features/search/use-service-search';
import { useCatalogT } from '../i18n';

/**
 * /services (spec §2 Search, §5; issue 15 Browse): debounced text search over the catalog, or the
 * catalog itself without text, narrowed by category, city and starting price, sorted and paged. Every
 * control lives in the address (shareable; Back restores the previous state).
 */
export const preload: PagePreload = ({ search }) => {
  preloadSearch(browseOf(search));
};

export default function SearchPage() {
  const t = useCatalogT();
  const { browse, go } = useBrowseAddress();
  const writeQuery = useCallback((q: string) => go({ q }, { replace: true }), [go]);
  const { text, setText, flush } = useSearchText(browse.q, writeQuery);
  const search = useServiceSearch(browse);
  const clearFilters = useCallback(() => go({ category: undefined, city: undefined, minPrice: undefined, maxPrice: undefined }), [go]);

  // another page of results starts at the top (not on arrival: the browser restores where Back left off)
  const shownPage = useRef(browse.page);
  useEffect(() => {
    if (shownPage.current === browse.page) return;
    shownPage.current = browse.page;
    window.scrollTo(0, 0);
  }, [browse.page]);

  return (
    <Page wide>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t('search.title')}
        </Typography>
        <SearchBox text={text} onText={setText} onSubmit={flush} />
        <BrowseControls browse={browse} go={go} />
        <SearchResults search={search} onClearFilters={clearFilters} />
      </Box>
    </Page>
  );
}
