import { useEffect } from 'react';

/**
 * The moment the app has taken the page over: React has committed the first screen (hydrated a page
 * the server rendered, or drawn the app into the static shell), so a tap now gets its answer.
 * A performance mark (the bench reads it beside first paint: the page's dead time) and an event on
 * the document (what waits for the app, e.g. input made before it, listens for it).
 */
export const INTERACTIVE = 'utsav:interactive';

export function useMarkInteractive(): void {
  useEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE, 'mark').length) return;
    performance.mark(INTERACTIVE);
    document.dispatchEvent(new Event(INTERACTIVE));
  }, []);
}
