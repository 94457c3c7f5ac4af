import Box from '@mui/material/Box';
import { LATEST_LIMIT, POPULAR_LIMIT, useApi } from '@utsav/contracts';
import { getLatestServices, getPopularServices } from '@utsav/contracts/catalog';
import { CategoryGrid } from '../features/home/CategoryGrid';
import { HomeBanner } from '../features/home/HomeBanner';
import { ServiceRail } from '../features/home/ServiceRail';
import { notifyError } from '../shared/notify';
import { Page } from '../shared/PageState';

const LIST_FAILED = 'Failed to fetch services';
const onListError = () => notifyError(LIST_FAILED);

/**
 * / (spec §2 Home): banner, Popular Categories, Recommended For You and Recently Added.
 * Its sections are memoized and useApi keeps its answer's identity, so each list's answer renders
 * only its own rail, not the whole page again.
 */
export default function HomePage() {
  const popular = useApi((signal) => getPopularServices(POPULAR_LIMIT, signal), [], { onError: onListError });
  const latest = useApi((signal) => getLatestServices(LATEST_LIMIT, signal), [], { onError: onListError });

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
