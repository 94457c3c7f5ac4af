import type { PagePreload } from '@utsav/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SearchBox } from '../features/search/SearchBox';
import { SearchResults } from '../features/search/SearchResults';
import { searchOf, useSearchText } from '../features/search/useSearchText';
import { preloadSearch, useServiceSearch } from '../features/search/useServiceSearch';
import { Page } from '../shared/PageState';

/** /services (spec §2 Search, §5): debounced text search, an optional category filter, a card grid. */
export const preload: PagePreload = ({ search }) => {
  const { query, category } = searchOf(search);
  preloadSearch(query, category);
};

export default function SearchPage() {
  const { text, setText, flush, query, category, clearCategory } = useSearchText();
  const search = useServiceSearch(query, category);

  return (
    <Page>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          Search
        </Typography>
        <SearchBox text={text} onText={setText} onSubmit={flush} />
        {category && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Category:
            </Typography>
            <Chip
              label={category}
              color="primary"
              variant="outlined"
              onClick={clearCategory}
              onDelete={clearCategory}
              aria-label={`${category}, remove filter`}
              sx={{ height: 48, borderRadius: '24px', fontWeight: 600 }}
            />
          </Box>
        )}
        <SearchResults search={search} />
      </Box>
    </Page>
  );
}
