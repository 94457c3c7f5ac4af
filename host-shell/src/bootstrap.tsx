import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configure, startSession, type RuntimeConfig } from '@utsav/contracts';
import { App } from './app/App';
import { preloadRoutePage } from './federation/preload-route-page';
import { registerRemoteManifests, type RemoteManifests } from './federation/register-remotes';
// imported for what it makes the build provide (see the module); nothing in it runs
import './federation/ui-kit';

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

async function boot(): Promise<void> {
  const [remotes, config] = await Promise.all([
    readJson<RemoteManifests>('/remotes.json'),
    readJson<Partial<RuntimeConfig>>('/config.json'),
  ]);
  configure(config);
  registerRemoteManifests(remotes);
  preloadRoutePage(window.location);
  startSession();
  const root = createRoot(document.getElementById('root')!);
  // a transition renders in slices that yield to the browser: no long task while the first screen
  // builds, and the HTML's app shell stays on screen until the real one is ready to replace it
  startTransition(() => root.render(<App />));
}

boot().catch((error: unknown) => {
  console.error('Utsav failed to start', error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<p role="alert" style="padding:24px;font:16px system-ui">Utsav could not start. Check your connection and reload the page.</p>';
  }
});
