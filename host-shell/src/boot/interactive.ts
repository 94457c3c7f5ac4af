import { useEffect } from 'react';
import { INTERACTIVE, isInteractive } from '@utsav/contracts';

/**
 * The moment the app has taken the page over: React has committed the first screen's page (hydrated
 * the page the server rendered, or drawn it into the static shell), so a tap now gets its answer.
 * Marked by the page's own Suspense boundary (`PageInteractive` beside the route's page, its error and
 * Not found), not by the app's root: a page whose part hydrates after the root (its remote's words
 * arriving later) is not answering yet when the root commits, and what was typed into it early would be
 * handed to a part React has not taken over.
 * A performance mark (the bench reads it beside first paint: the page's dead time) and an event on
 * the document (what waits for the app, e.g. input made before it, listens for it; what the first
 * screen does not need starts after it: the contracts' afterInteractive).
 */
export { INTERACTIVE };

export function useMarkInteractive(): void {
  useEffect(() => {
    if (isInteractive()) return;
    // (jsdom, where the host's tests run, has no performance marks)
    if (typeof performance.mark === 'function') performance.mark(INTERACTIVE);
    document.dispatchEvent(new Event(INTERACTIVE));
  }, []);
}

/** Placed beside a route's page, inside its Suspense boundary: marks the moment once that page has committed. */
export function PageInteractive(): null {
  useMarkInteractive();
  return null;
}
