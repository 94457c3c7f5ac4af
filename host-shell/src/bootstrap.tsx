import {
  configure,
  DEFAULT_LOCALE,
  followProfileLanguage,
  getConfig,
  loadLocale,
  localeAtom,
  localeFromCookies,
  readEmbeddedJson,
  startSession,
  utsavStore,
  cacheOf,
} from '@utsav/contracts';
import { nextTask } from './boot/next-task';
import { fetchRuntimeSettings, type RuntimeSettings } from './boot/runtime-settings';
import { renderedFirstPage } from './federation/rendered-first-page';
import { preloadRoutePage } from './federation/preload-route-page';
import { registerRemoteManifests } from './federation/register-remotes';
import { noteIntegrity } from './federation/integrity-plugin';
import { RENDERED_PAGE_ID, type RenderedPage } from './boot/rendered-page';
import { registerServiceWorkerLater } from './boot/service-worker-later';
import { reportWebVitalsLater } from './boot/web-vitals-later';

/**
 * Starts the app in stages, each its own task, so no stage holds the main thread for long:
 * the settings and the session first (their requests then run while the rest loads), the route's
 * page code and data next, and the app's own code (React DOM, the MUI theme, the shell) last.
 * A page the server rendered (`fetched` is null) brings its settings, session and data in the HTML:
 * the browser loads the page's code and hydrates what is on screen. Once the page has loaded, the
 * service worker is registered (offline use), at no cost to this start.
 */
export async function boot(fetched: RuntimeSettings | null): Promise<void> {
  const rendered = fetched ? undefined : readEmbeddedJson<RenderedPage>(RENDERED_PAGE_ID);
  const { remotes, integrity, config } = fetched ?? rendered ?? (await fetchRuntimeSettings());
  await nextTask();
  configure(config);
  // before any remote is asked for: its manifest and entry are checked against these
  noteIntegrity(integrity ?? {});
  registerRemoteManifests(remotes);
  startSession(rendered?.session);
  // the answers the server drew the page with: its first render here is the server's, with no second request
  if (rendered) cacheOf(utsavStore).hydrate(rendered.answers);
  // the device's language (the server drew the page in it too)
  const locale = localeFromCookies(document.cookie);
  utsavStore.set(localeAtom, locale);
  // a user's profile may keep another language (chosen on another device): it follows them here
  followProfileLanguage();
  await nextTask();
  const first = rendered ? renderedFirstPage(rendered, window.location) : undefined;
  if (!first) preloadRoutePage(window.location);
  const [{ renderApp }, firstPage] = await Promise.all([import(/* webpackPreload: true */ './boot/render-app'), first]);
  // its messages for the shell and the first page's remote before anything is drawn: no flash of English
  if (locale !== DEFAULT_LOCALE) await loadLocale(locale).catch(() => undefined);
  await nextTask();
  renderApp(document.getElementById('root')!, firstPage);
  registerServiceWorkerLater(remotes, getConfig().apiUrl);
  reportWebVitalsLater();
}
