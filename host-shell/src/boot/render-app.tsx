import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../app/App';

/** Draws the app into `container`, replacing the HTML's app shell once the first screen is ready. */
export function renderApp(container: HTMLElement): void {
  const root = createRoot(container);
  // a transition renders in slices that yield to the browser: no long task while the first screen
  // builds, and the HTML's app shell stays on screen until the real one is ready to replace it
  startTransition(() => root.render(<App />));
}
