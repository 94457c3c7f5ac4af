import { useEffect } from 'react';
import { INTERACTIVE, isInteractive } from '@utsav/contracts';

/**
 * The moment the app has taken the page over: React has committed the first screen (hydrated a page
 * the server rendered, or drawn the app into the static shell), so a tap now gets its answer.
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
