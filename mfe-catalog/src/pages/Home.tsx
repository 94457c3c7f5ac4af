import Box from '@mui/material/Box';
import {
  LATEST_LIMIT,
  onProfileComplete,
  Page,
  paths,
  POPULAR_LIMIT,
  prefetch,
  toast,
  useApi,
  useSession,
  type PagePreload,
} from '@utsav/contracts';
import { catalogResources } from '@utsav/contracts/resources';
import type { ServiceCategory } from '@utsav/contracts/schemas';
import { CategoryGrid } from '../features/home/CategoryGrid';
import { HomeBanner } from '../features/home/HomeBanner';
import { ServiceRail } from '../features/home/ServiceRail';
import { PICTURE_SIZES, prefetchWithCovers } from '../shared/covers';
import { translateCatalog, useCatalogT } from '../i18n';

const onListError = () => toast.error(translateCatalog('services.fetchFailed'), { dedupe: true });

const LATEST_LIST = paths.search({ sort: 'newest' });

/** Asks for both lists as soon as it can (the host calls it at boot): Recommended once the profile is known. */
export const preload: PagePreload = () => {
  prefetch(catalogResources.latest());
  onProfileComplete((profile) => {
    // Recommended is the rail above the fold: its first covers start loading with the answer
    prefetchWithCovers(catalogResources.popular(profile.service ?? undefined), (list) => list.results, PICTURE_SIZES.rail);
  });
};

/** The onboarding choice of the signed-in profile, if any (Home is behind the guard: the profile is there). */
function useServiceChoice(): ServiceCategory | undefined {
  const session = useSession();
  if (session.status !== 'signedIn' || session.profile.status !== 'complete') return undefined;
  return session.profile.profile.service ?? undefined;
}

/**
 * / (spec §2 Home): banner, Popular Categories, Recommended For You and Recently Added.
 * Its sections are memoized and useApi keeps its answer's identity, so each list's answer renders
 * only its own rail, not the whole page again.
 */
export default function HomePage() {
  const t = useCatalogT();
  const choice = useServiceChoice();
  // Recommended For You: the popular services of the category chosen at onboarding, topped up from the
  // overall popular list (the API does both); the popular list when nothing was chosen
  const popular = useApi(catalogResources.popular(choice), { onError: onListError });
  const latest = useApi(catalogResources.latest(), { onError: onListError });

  return (
    <Page wide>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <HomeBanner />
        <CategoryGrid />
        <ServiceRail
          id="home-recommended"
          title={t('home.recommended')}
          seeAll={paths.search({ category: choice, sort: 'popular' })}
          list={popular}
          expected={POPULAR_LIMIT}
          aboveFold
        />
        <ServiceRail id="home-latest" title={t('home.latest')} seeAll={LATEST_LIST} list={latest} expected={LATEST_LIMIT} />
      </Box>
    </Page>
  );
}
