import Box from '@mui/material/Box';
import { LATEST_LIMIT, POPULAR_LIMIT, preloadAnswer, useApi, type PagePreload } from '@utsav/contracts';
import { getLatestServices, getPopularServices } from '@utsav/contracts/catalog';
import { CategoryGrid } from '../features/home/CategoryGrid';
import { HomeBanner } from '../features/home/HomeBanner';
import { ServiceRail } from '../features/home/ServiceRail';
import { notifyError } from '../shared/notify';
import { Page } from '../shared/PageState';
import { warmingCovers } from '../shared/covers';

const LIST_FAILED = 'Failed to fetch services';
const onListError = () => notifyError(LIST_FAILED);

// each list with the key its preloaded answer is kept under
const POPULAR = { key: 'catalog/popular', call: (signal?: AbortSignal) => getPopularServices(POPULAR_LIMIT, signal) };
const LATEST = { key: 'catalog/latest', call: (signal?: AbortSignal) => getLatestServices(LATEST_LIMIT, signal) };

/** Asks for both lists as soon as the page's code is here (the host calls it at boot). */
export const preload: PagePreload = () => {
  // Recommended is the rail above the fold: its first covers start loading with the answer
  preloadAnswer(POPULAR.key, () => warmingCovers(POPULAR.call(), (list) => list.results));
  preloadAnswer(LATEST.key, LATEST.call);
};

/**
 * / (spec §2 Home): banner, Popular Categories, Recommended For You and Recently Added.
 * Its sections are memoized and useApi keeps its answer's identity, so each list's answer renders
 * only its own rail, not the whole page again.
 */
export default function HomePage() {
  const popular = useApi(POPULAR.call, [], { onError: onListError, preloaded: POPULAR.key });
  const latest = useApi(LATEST.call, [], { onError: onListError, preloaded: LATEST.key });

  return (
    <Page>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <HomeBanner />
        <CategoryGrid />
        <ServiceRail id="home-recommended" title="Recommended For You" list={popular} expected={POPULAR_LIMIT} aboveFold />
        <ServiceRail id="home-latest" title="Recently Added" list={latest} expected={LATEST_LIMIT} />
      </Box>
    </Page>
  );
}
