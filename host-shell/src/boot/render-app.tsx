import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '../app/App';
import type { FirstPage } from '../federation/first-page';

/**
 * Draws the app into `container`: replacing the HTML's app shell once the first screen is ready, or,
 * on a page the server rendered (`first`), taking over the HTML on screen (hydration).
 */
export function renderApp(container: HTMLElement, first?: FirstPage): void {
  // a transition renders (and hydrates) in slices that yield to the browser: no long task while the
  // first screen builds, and what is on screen stays until the app is ready to take it over
  if (first) {
    startTransition(() => {
      hydrateRoot(container, <App first={first} />);
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(<App />));
  }
  // what is tapped or typed meanwhile is held and delivered once the app has taken over (INTERACTIVE):
  // tooling/src/perf/early-input.js, which then takes the root's HYDRATING mark off
}
