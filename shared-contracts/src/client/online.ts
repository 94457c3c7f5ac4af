import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const browserOnline = () => navigator.onLine;
// a page drawn on the server is drawn online; the browser corrects it after hydration if need be
const serverOnline = () => true;

/**
 * Whether the device has a network connection (`navigator.onLine`), kept up to date by the browser's
 * `online` and `offline` events: the host's "You're offline" notice, and the pages that turn
 * read-only offline (My Bookings). `false` is certain; `true` only means a request may get through
 * (a call that fails anyway is an `ApiError` with status 0, `isUnreachable`).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, browserOnline, serverOnline);
}
