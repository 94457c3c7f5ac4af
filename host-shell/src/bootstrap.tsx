import { configure, readEmbeddedJson, startSession } from '@utsav/contracts';
import { nextTask } from './boot/next-task';
import { fetchRuntimeSettings, type RuntimeSettings } from './boot/runtime-settings';
import { renderedFirstPage } from './federation/rendered-first-page';
import { preloadRoutePage } from './federation/preload-route-page';
import { registerRemoteManifests } from './federation/register-remotes';
import { RENDERED_PAGE_ID, type RenderedPage } from './boot/rendered-page';

/**
 * Starts the app in stages, each its own task, so no stage holds the main thread for long:
 * the settings and the session first (their requests then run while the rest loads), the route's
 * page code and data next, and the app's own code (React DOM, the MUI theme, the shell) last.
 * A page the server rendered (`fetched` is null) brings its settings, session and data in the HTML:
 * the browser loads the page's code and hydrates what is on screen.
 */
export async function boot(fetched: RuntimeSettings | null): Promise<void> {
  const rendered = fetched ? undefined : readEmbeddedJson<RenderedPage>(RENDERED_PAGE_ID);
  const { remotes, config } = fetched ?? rendered ?? (await fetchRuntimeSettings());
  await nextTask();
  configure(config);
  registerRemoteManifests(remotes);
  startSession(rendered?.session);
  await nextTask();
  const first = rendered ? renderedFirstPage(rendered, window.location) : undefined;
  if (!first) preloadRoutePage(window.location);
  const [{ renderApp }, firstPage] = await Promise.all([import(/* webpackPreload: true */ './boot/render-app'), first]);
  await nextTask();
  renderApp(document.getElementById('root')!, firstPage);
}
