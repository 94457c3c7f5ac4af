import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from '@utsav/contracts/router';
import { paths, useInteractive, useSession } from '@utsav/contracts';
import { HeartButton, type HeartLook } from './HeartButton';
import { useCatalogT } from '../i18n';

/**
 * What makes the heart work (the shortlist's calls and resource, the change), in a chunk of its own that
 * loads once the page is interactive: neither it nor the shortlist is part of a page's first load.
 */
const LiveHeart = lazy(() => import('./LiveHeart'));

interface ShortlistHeartProps {
  serviceId: string;
  /** named for the service (a card's heart, one of many in a list: 'Save Lens & Light to your shortlist'); else 'this service' */
  title?: string;
  /** over a picture (a service card's cover) */
  overlay?: boolean;
  className?: string;
}

/**
 * A heart that saves the service to the signed-in consumer's shortlist, or takes it off (issue 37). On the
 * server and until the page is interactive it is drawn not saved; then the shortlist is fetched (one call for
 * every heart on the page) and each heart shows whether its service is on it. A tap before that is kept and
 * made once the shortlist has come. Signed out, a tap goes to sign-in and comes back here.
 */
export function ShortlistHeart({ serviceId, title, overlay, className }: ShortlistHeartProps) {
  const t = useCatalogT();
  const session = useSession();
  const interactive = useInteractive();
  // a tap made before the heart knows whether its service is saved
  const [queued, setQueued] = useState(false);

  const look = { label: title === undefined ? t('shortlist.saveService') : t('shortlist.save', { title }), overlay, className };
  if (session.status === 'signedOut') return <SignedOutHeart {...look} />;
  const waiting = <HeartButton {...look} saved={false} busy={queued} onToggle={() => setQueued(true)} />;
  if (session.status !== 'signedIn' || !interactive) return waiting;
  return (
    <Suspense fallback={waiting}>
      <LiveHeart {...look} uid={session.uid} serviceId={serviceId} queued={queued} onQueue={setQueued} />
    </Suspense>
  );
}

/** Signed out (the catalog's routes are guarded, so seldom): a tap goes to sign-in, and back here after it. */
function SignedOutHeart(look: HeartLook) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return <HeartButton {...look} saved={false} onToggle={() => navigate(paths.login({ next: `${pathname}${search}` }))} />;
}
