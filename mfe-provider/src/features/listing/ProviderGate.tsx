import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useSearchParams } from '@utsav/contracts/router';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import { LoadError, Page, paths, prefetchForUser, useApi, useSession, type PagePreload, type Resource } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import type { ProviderListings } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';

export type Listing = ProviderListings['listings'][number];

interface ProviderScope {
  uid: string;
  listings: Listing[];
  /** the listing the page is about: `?listing=` when it is one of theirs, else their first */
  listing: Listing;
}

const ScopeContext = createContext<ProviderScope | null>(null);

/** What the gate found: the signed-in person's uid, their listings and the one the page is about. */
export function useProviderScope(): ProviderScope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('useProviderScope is used outside ProviderGate');
  return scope;
}

/** The query parameter naming which of the person's listings a page shows (calendar, earnings, reviews). */
export const LISTING_PARAM = 'listing';

/**
 * The provider pages' gate (the route table's `providerOnly`): the host's guard has signed the person in; this
 * lets through only someone who runs a listing and sends anyone else to the page that says how to become one.
 */
export function ProviderGate({ title, children }: { title: string; children: ReactNode }) {
  const t = useProviderT();
  const session = useSession();
  const uid = session.status === 'signedIn' ? session.uid : null;
  const listings = useApi(providerResources.listings(uid ?? ''), { enabled: uid !== null });
  const [params] = useSearchParams();
  if (listings.status === 'error') {
    return (
      <Page title={title}>
        <LoadError message={t('gate.loadError')} onRetry={listings.retry} />
      </Page>
    );
  }
  if (uid === null || listings.status !== 'success') {
    return (
      <Page title={title}>
        <Box role="status" aria-busy="true" aria-label={t('gate.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      </Page>
    );
  }
  const owned = listings.data.listings;
  if (owned.length === 0) return <Navigate to={paths.providerJoin()} replace />;
  const wanted = params.get(LISTING_PARAM);
  const listing = owned.find((one) => one.id === wanted) ?? owned[0]!;
  return <ScopeContext.Provider value={{ uid, listings: owned, listing }}>{children}</ScopeContext.Provider>;
}

/**
 * A provider page's preload: asks for the person's listings (what the gate decides on) as soon as the session is
 * restored, and what `more` names for them (the page's own data).
 */
export const preloadProvider =
  (more: (uid: string, address: Parameters<PagePreload>[0]) => Resource<unknown>[] = () => []): PagePreload =>
  (address) =>
    prefetchForUser((uid) => [providerResources.listings(uid), ...more(uid, address)]);
