import { useEffect, useState } from 'react';
// by name: the page's one interactive mark (a sub-path is bundled into each remote that imports it)
import { afterInteractive, isUnreachable, savedAnswer, type ApiState, type SavedAnswer } from '@utsav/contracts';

/** What checks a saved copy (a zod schema's `parse`), loaded apart from the page's first screen. */
export type LoadCheck<T> = () => Promise<(data: unknown) => T>;

/**
 * `@utsav/contracts/saved-answer`: the signed-in user's copy of a resource kept on this device (`saved` in
 * resource.ts), when it is `wanted` and what checks it has loaded. The check (its schemas, with zod) is no part of
 * the page's first screen: it loads once the page is interactive, so that a later visit offline finds it in the
 * service worker's cache, or at once when the copy is wanted first.
 */
export function useSavedAnswer<T>(uid: string, name: string, loadCheck: LoadCheck<T>, wanted: boolean): SavedAnswer<T> | undefined {
  const [check, setCheck] = useState<{ parse: (data: unknown) => T }>();
  useEffect(() => {
    if (check) return undefined;
    let current = true;
    const load = () => void loadCheck().then((parse) => current && setCheck({ parse }), () => undefined);
    let cancel: (() => void) | undefined;
    if (wanted) load();
    else cancel = afterInteractive(load);
    return () => {
      current = false;
      cancel?.();
    };
    // loadCheck is a module's constant (a dynamic import)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, check]);
  return wanted && check ? savedAnswer(uid, name, check.parse) : undefined;
}

/**
 * A view's fallback when the API cannot be reached (issue 20's offline reading): the copy of its resource kept on
 * this device (undefined while there is none, or the view has its answer, or failed otherwise), and the view asks
 * again as soon as the connection returns (not before, so a server that is down is not asked in a loop).
 */
export function useSavedCopy<T>(view: ApiState<T>, uid: string, name: string, loadCheck: LoadCheck<T>): SavedAnswer<T> | undefined {
  const unreachable = view.status === 'error' && isUnreachable(view.error);
  const { retry } = view;
  useEffect(() => {
    if (!unreachable) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [unreachable, retry]);
  return useSavedAnswer(uid, name, loadCheck, unreachable);
}
