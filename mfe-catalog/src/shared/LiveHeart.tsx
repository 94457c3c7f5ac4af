import { useEffect, useRef, useState } from 'react';
import { errorMessage, toast, useApi, useApiCache, useChange, useLocale } from '@utsav/contracts';
import { removeFromShortlist, saveToShortlist, showShortlistChange } from '@utsav/contracts/plans';
import { planResources } from '@utsav/contracts/plan-resources';
import type { ShortlistEntry } from '@utsav/contracts/schemas';
import { HeartButton, type HeartLook } from './HeartButton';
import { useCatalogT } from '../i18n';

type ShortlistChange = { saved: ShortlistEntry } | { removed: string };

/** Saves the service (for no event) or takes it off, as the server answers it. */
const changeShortlist = (serviceId: string, save: boolean): Promise<ShortlistChange> =>
  save ? saveToShortlist(serviceId).then((saved) => ({ saved })) : removeFromShortlist(serviceId).then(() => ({ removed: serviceId }));

interface LiveHeartProps extends HeartLook {
  uid: string;
  serviceId: string;
  /** a tap waits for the shortlist (made before it came, or before this chunk did) */
  queued: boolean;
  onQueue: (queued: boolean) => void;
}

/**
 * The shortlist heart once the page is interactive (ShortlistHeart.tsx): reads the shortlist from the page's
 * cache, and a tap saves or removes at once, showing the change while it runs; the server's answer goes into
 * the shortlist (showShortlistChange), so every heart of the service and the shortlist page follow it. A
 * failure leaves the heart as it was, with a toast.
 */
export default function LiveHeart({ uid, serviceId, queued, onQueue, ...look }: LiveHeartProps) {
  const t = useCatalogT();
  const locale = useLocale();
  const cache = useApiCache();
  const shortlist = useApi(planResources.shortlist(uid), {
    // the shortlist could not be fetched for a tap waiting for it: say so, and forget the tap
    onError: (error) => {
      if (!queued) return;
      onQueue(false);
      toast.error(t('shortlist.saveFailed', { reason: errorMessage(error, undefined, locale) }));
    },
  });
  const saved = shortlist.data?.some((entry) => entry.serviceId === serviceId) ?? false;
  const changing = useChange(changeShortlist);
  // what the heart is becoming while the change runs (shown at once)
  const [becoming, setBecoming] = useState<boolean | null>(null);

  async function toggle(save: boolean) {
    setBecoming(save);
    const outcome = await changing.run(serviceId, save);
    setBecoming(null);
    if (outcome.ok) {
      showShortlistChange(uid, outcome.value, cache);
      toast.success(t(save ? 'shortlist.saved' : 'shortlist.removed'));
    } else if ('error' in outcome) {
      toast.error(t(save ? 'shortlist.saveFailed' : 'shortlist.removeFailed', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  }

  // a waiting tap, made once the shortlist says whether it saves or removes
  const latestToggle = useRef(toggle);
  useEffect(() => {
    latestToggle.current = toggle;
  });
  const ready = shortlist.status === 'success';
  useEffect(() => {
    if (!queued || !ready) return;
    onQueue(false);
    void latestToggle.current(!saved);
  }, [queued, ready, saved, onQueue]);

  function tap() {
    if (ready) {
      void toggle(!saved);
      return;
    }
    onQueue(true);
    if (shortlist.status === 'error') shortlist.retry();
  }

  const pending = changing.pending && becoming !== null;
  return <HeartButton {...look} saved={pending ? becoming : saved} busy={pending || queued} onToggle={tap} />;
}
