import { useEffect, useState } from 'react';

/**
 * The moment the app has taken the page over: the host marks it (a performance mark and an event on
 * the document of this name, host-shell/src/boot/interactive.ts) once React has committed the first
 * screen. What the first screen does not need (Firebase Auth on a page the server rendered, the live
 * stream, the service worker) starts after it, so it neither delays that moment nor holds the main
 * thread while the page is still not answering taps.
 */
export const INTERACTIVE = 'utsav:interactive';

/** Whether the app has taken the page over. */
export function isInteractive(): boolean {
  // (jsdom has no performance marks: there only the event says it)
  return typeof performance?.getEntriesByName === 'function' && performance.getEntriesByName(INTERACTIVE, 'mark').length > 0;
}

/**
 * Runs `work` once the app has taken the page over (at once if it has), in a task of its own, not in
 * the one that committed the first screen. Returns a function that cancels it.
 */
export function afterInteractive(work: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = setTimeout(() => {
      if (!cancelled) work();
    }, 0);
  };
  if (isInteractive()) start();
  else document.addEventListener(INTERACTIVE, start, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    document.removeEventListener(INTERACTIVE, start);
  };
}

/** Whether the app has taken the page over, as state (false on the server and while the page hydrates). */
export function useInteractive(): boolean {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => afterInteractive(() => setInteractive(true)), []);
  return interactive;
}
