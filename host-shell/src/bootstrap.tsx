import { configure, startSession } from '@utsav/contracts';
import { nextTask } from './boot/next-task';
import type { RuntimeSettings } from './boot/runtime-settings';
import { preloadRoutePage } from './federation/preload-route-page';
import { registerRemoteManifests } from './federation/register-remotes';

/**
 * Starts the app in stages, each its own task, so no stage holds the main thread for long:
 * the settings and the session first (their requests then run while the rest loads), the route's
 * page code and data next, and the app's own code (React DOM, the MUI theme, the shell) last.
 */
export async function boot({ remotes, config }: RuntimeSettings): Promise<void> {
  await nextTask();
  configure(config);
  registerRemoteManifests(remotes);
  startSession();
  await nextTask();
  preloadRoutePage(window.location);
  await nextTask();
  const { renderApp } = await import(/* webpackPreload: true */ './boot/render-app');
  await nextTask();
  renderApp(document.getElementById('root')!);
}
