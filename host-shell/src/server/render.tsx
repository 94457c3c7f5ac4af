import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Provider } from 'jotai/react';
import { createStore } from 'jotai/vanilla';
import {
  apiRequest,
  apiStatus,
  configure,
  configureServerScope,
  loadLocale,
  localeAtom,
  localeFromCookies,
  embedJson,
  lookUpProfile,
  NEXT_PARAM,
  ORDERS_PATH,
  paths,
  safeNextPath,
  sessionAtom,
  cacheOf,
  matchPageRoute,
  type PageHead,
  type RuntimeConfig,
  type ServerScope,
  type Session,
} from '@utsav/contracts';
import { App } from '../app/App';
import { loadPage } from '../federation/load-page';
import { loadMainLayout } from '../shell/load-main-layout';
import { serverContainers, type RemoteManifests, type ServerContainers } from './server-containers';
import { guardOutboundFetch, verifyReleasedCode } from './outbound-fetch';
import { releaseFileOf, type RemoteIntegrity, type RemoteRelease } from '../federation/integrity';
import { preloadLinks, readTemplate, type PagePreloads, type Template } from './template';
import { pageHeadTags, pageOrigin } from './page-head';
import type { RenderedPage } from '../boot/rendered-page';

export interface RendererOptions {
  /** the host's built index.html */
  html: string;
  /**
   * remote name -> its browser manifest URL (remotes.json, as it is now: the release store's live
   * versions move); each one's server container sits beside it
   */
  remotes: () => Partial<RemoteManifests>;
  /**
   * the release each remote is served from, with the digest of every file (runtime-config.cjs
   * liveReleases): no file of a release is run unless its SHA-256 is the recorded one. None: remotes
   * served otherwise (a dev server), whose code is not checked.
   */
  releases?: () => RemoteIntegrity;
  /** what the browser is told of them (remote-integrity.json: the entries' digests), embedded in the page */
  integrity?: () => RemoteIntegrity;
  /** the browser's runtime config (config.json), embedded in the page */
  config: Partial<RuntimeConfig>;
  /** the API as this server reaches it */
  apiUrl: string;
  /** how long a page may take to be ready (its code, the session, its data) before the browser is left to draw it */
  timeoutMs: number;
  /** how often the remotes' manifests are checked for a new deployment (ms) */
  remoteCheckMs: number;
  /** the host's scripts for the signed-in frame (its layout chunk), named in a signed-in page's head */
  layoutScripts?: string[];
  /** for each module of the host's share table, the host's scripts a remote's page fetches for it */
  providedScripts?: Record<string, string[]>;
  /** told of every page sent and every remote's page code asked for (the host server's metrics, tooling/src/host-metrics.cjs) */
  observe?: RenderObserver;
}

/** What the render server tells its metrics: route patterns and remote names only, never a raw URL. */
export interface RenderObserver {
  /** a page sent: drawn on the server, or the static shell left to the browser (a fallback) */
  page(sent: { route: string; remote: string; outcome: 'rendered' | 'fallback'; seconds: number }): void;
  /** a route's page code from its remote's server container: loaded, failed (the remote is down) or late (past the deadline) */
  container(remote: string, outcome: 'loaded' | 'failed' | 'late'): void;
}

const NOT_OBSERVED: RenderObserver = { page: () => undefined, container: () => undefined };

export interface PageRequest {
  /** path and query, e.g. /services?q=cake */
  url: string;
  /** the server session cookie the request came with (the id of the API's session record) */
  sessionCookie?: string;
  /** who asked: the request's X-Forwarded-For with the address it came from appended */
  forwardedFor: string;
  /** the request's Cookie header: the device's language is read from it (the page is drawn in it) */
  cookies?: string;
  /** the app's origin as the browser asked for it (https://utsav.example): a page's own head makes its links absolute with it */
  origin?: string;
}

/** Where the rendered HTML goes: written in pieces, flushed when a piece should reach the browser now. */
export interface PageSink {
  write(chunk: string | Uint8Array): void;
  flush(): void;
}

export type RenderAnswer =
  /** `signOut`: the session cookie was refused (expired, revoked): clear it */
  | { kind: 'redirect'; location: string; signOut: boolean }
  /** nothing to draw on the server (the session could not be checked, a signed-in user at /login): the app's shell, as a static host serves it */
  | { kind: 'shell' }
  | { kind: 'page'; status: number; signOut: boolean; send(sink: PageSink): Promise<void> };

export interface Renderer {
  render(request: PageRequest): Promise<RenderAnswer>;
}

const scopes = new AsyncLocalStorage<ServerScope>();

/** The longest any one request of the render server may take (a remote's chunk, an API call). */
const OUTBOUND_TIMEOUT_MS = 5000;

/** The request's session as the browser's would become: from the session cookie, checked by the API. */
async function sessionOf(scope: ServerScope): Promise<Exclude<Session, { status: 'loading' }> | 'refused' | 'unknown'> {
  if (!scope.authorization) return { status: 'signedOut' };
  let who: { consumerId: string; phone: string | null };
  try {
    who = await apiRequest('/auth/session', { auth: true, signal: AbortSignal.timeout(2000) });
  } catch (error) {
    return apiStatus(error) === 401 ? 'refused' : 'unknown';
  }
  scope.uid = who.consumerId;
  const profile = await lookUpProfile(who.consumerId);
  if (profile.status === 'error') return 'unknown';
  return { status: 'signedIn', uid: who.consumerId, phone: who.phone, profile };
}

/** Resolves with `value`'s value, or with `late` once `at` (ms since epoch) has passed. */
function byDeadline<T, L>(value: Promise<T>, at: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), Math.max(0, at - Date.now()));
  });
  return Promise.race([value, deadline]).finally(() => clearTimeout(timer));
}

const LATE = Symbol('late');

/**
 * The host's server render. For each page request: the guard (302 to sign-in or onboarding, as the
 * browser's Guard would send them), then the head of the page at once (the browser starts on its
 * scripts), then the route's page, loaded from its remote's server container, drawn with the data its
 * preload asks for (with the user's session cookie) and that data embedded for hydration. A page that
 * is not ready by the deadline, or fails, is left to the browser: the rest of the static shell follows.
 */
export async function createRenderer({ html, remotes, releases, integrity = () => ({}), config, apiUrl, timeoutMs, remoteCheckMs, layoutScripts = [], providedScripts = {}, observe = NOT_OBSERVED }: RendererOptions): Promise<Renderer> {
  // the server's calls go to the API as it reaches it; the page carries `config` as the browser reaches it
  configure({ ...config, apiUrl });
  configureServerScope(() => scopes.getStore());
  // a release moves a remote to another path of its origin, never to another origin (that is a new deployment of the host)
  guardOutboundFetch({ origins: [apiUrl, ...Object.values(remotes())].map((url) => new URL(url).origin), timeoutMs: OUTBOUND_TIMEOUT_MS });
  if (releases) verifyReleasedCode(releasedDigests(releases));
  const containers = serverContainers(remotes, { checkEveryMs: remoteCheckMs });
  await containers.current();
  const template: Template = readTemplate(html);

  async function render({ url, sessionCookie, forwardedFor, cookies, origin }: PageRequest): Promise<RenderAnswer> {
    const deadline = Date.now() + timeoutMs;
    const address = new URL(url, 'http://host.invalid');
    const here = `${address.pathname}${address.search}`;
    if (address.pathname.replace(/\/+$/, '') === ORDERS_PATH) return { kind: 'redirect', location: paths.bookings(), signOut: false };
    const match = matchPageRoute(address.pathname);
    // an address no page has is the signed-in layout's Not found
    const guarded = match?.route.guarded ?? true;
    const scope: ServerScope = {
      store: createStore(),
      uid: null,
      authorization: sessionCookie ? `Session ${sessionCookie}` : null,
      forwardedFor,
    };
    scope.store.set(localeAtom, localeFromCookies(cookies));
    return scopes.run(scope, async (): Promise<RenderAnswer> => {
      const session = await sessionOf(scope);
      if (session === 'unknown') return { kind: 'shell' };
      if (session === 'refused' || session.status === 'signedOut') {
        if (guarded) return { kind: 'redirect', location: paths.login({ next: here }), signOut: session === 'refused' };
      } else if (!guarded) {
        // a signed-in user at /login goes where they were going (as the Login page would send them);
        // at /onboarding the browser's onboarding decides (a complete profile moves on)
        if (match?.route.path === paths.login()) return { kind: 'redirect', location: safeNextPath(address.searchParams.get(NEXT_PARAM)) ?? paths.home(), signOut: false };
        if (match?.route.path === paths.onboarding()) return { kind: 'shell' };
      } else if (session.profile.status === 'incomplete') {
        return { kind: 'redirect', location: paths.onboarding({ next: here }), signOut: false };
      }
      const signedInOrOut: Session = session === 'refused' ? { status: 'signedOut' } : session;
      scope.store.set(sessionAtom, signedInOrOut);
      const plan: PagePlan = {
        template,
        url: here,
        origin: pageOrigin(origin),
        match,
        guarded,
        scope,
        session: signedInOrOut,
        deadline,
        config,
        integrity,
        containers,
        layoutScripts,
        providedScripts,
        observe,
      };
      let status = match ? 200 : 404;
      if (match?.route.ownHead) {
        // a page with a head of its own (a shared link's, read by a preview's crawler): its code and data first, then
        // the head and the status they make
        plan.prepared = await prepare(plan, address).catch((error: unknown) => {
          console.error(`server render of ${here} failed, the browser draws it:`, error);
          return null;
        });
        status = plan.prepared?.head?.status ?? status;
      }
      return {
        kind: 'page',
        status,
        signOut: session === 'refused',
        send: (sink) => scopes.run(scope, () => sendPage(sink, plan)),
      };
    });
  }

  return { render };
}

/**
 * The digest each file of the remotes' releases must have (verifyReleasedCode). The releases are read
 * at every fetch (a promote moves a remote at once) and each version folder's are kept (a version never
 * changes): a render still loading the version it started with checks against that version's record.
 */
function releasedDigests(releases: () => RemoteIntegrity): (url: string) => string | null | undefined {
  const known = new Map<string, RemoteRelease>();
  return (url) => {
    for (const release of Object.values(releases())) if (release) known.set(release.base, release);
    const found = releaseFileOf(url, known.values());
    if (!found) return undefined;
    return found.release.refused ? null : (found.release.digests[found.file] ?? null);
  };
}

interface PagePlan {
  template: Template;
  url: string;
  /** the app's origin as the browser asked for it, when known (PageRequest.origin) */
  origin?: string;
  match: ReturnType<typeof matchPageRoute>;
  guarded: boolean;
  scope: ServerScope;
  session: Session;
  deadline: number;
  config: Partial<RuntimeConfig>;
  integrity: () => RemoteIntegrity;
  containers: ServerContainers;
  layoutScripts: string[];
  providedScripts: Record<string, string[]>;
  observe: RenderObserver;
  /** the page's code and data, ready before its head was sent (a route with `ownHead`); null: not ready, the browser draws it */
  prepared?: Prepared | null;
}

interface Prepared {
  pages: Map<string, ComponentType>;
  /** the remotes the page's code came from (the browser loads the same versions) */
  remotes: Partial<RemoteManifests>;
  /** the page's own head (a route with `ownHead` whose module exports `head`), from its data */
  head: PageHead | null;
}

/** The page's code and its data, or null when they are not all here by the deadline (or the remote is down). */
async function prepare({ match, guarded, deadline, containers, observe, scope }: PagePlan, url: URL): Promise<Prepared | null> {
  const pages = new Map<string, ComponentType>();
  const code = containers
    .current()
    .then((remotes) => Promise.all([remotes, match ? loadPage(match.route) : null, guarded ? loadMainLayout() : null]));
  const loaded = await byDeadline(code, deadline, LATE).catch(() => null);
  if (match) observe.container(match.route.remote, loaded === LATE ? 'late' : loaded === null || loaded[1]?.remoteUnavailable ? 'failed' : 'loaded');
  if (loaded === LATE || loaded === null || loaded[1]?.remoteUnavailable) {
    // the remote's container is not used again: the next request loads it afresh
    if (match && loaded !== LATE) containers.failed(match.route.remote);
    return null;
  }
  const [remotes, page] = loaded;
  let head: PageHead | null = null;
  if (match && page) {
    pages.set(match.route.path, page.default);
    const preload = Promise.resolve().then(() => page.preload?.({ params: match.params, search: url.searchParams }));
    const asked = await byDeadline(preload, deadline, LATE).catch(() => null);
    if (asked === LATE) return null;
    if (match.route.ownHead && page.head) {
      // the head is made from the preload's answers, in the page's language
      const locale = scope.store.get(localeAtom);
      const ready = await byDeadline(Promise.all([cacheOf(scope.store).dehydrate(), loadLocale(locale)]), deadline, LATE).catch(() => LATE);
      if (ready === LATE) return null;
      head = page.head({ params: match.params, search: url.searchParams, locale });
    }
  }
  return { pages, remotes, head };
}

/** Writes the page: its head at once, then what the server drew with its data, or the static shell when that failed. */
async function sendPage(sink: PageSink, plan: PagePlan): Promise<void> {
  const { template } = plan;
  // the page's language, as the browser will start in it (the template says en-IN)
  const head = plan.prepared?.head;
  const own = head ? pageHeadTags(head, { url: plan.url, origin: plan.origin }) : undefined;
  sink.write(template.headWith(preloadLinks(pagePreloads(plan)), own).replace('<html lang="en-IN"', `<html lang="${plan.scope.store.get(localeAtom)}"`));
  sink.flush();
  const started = performance.now();
  let drawn: string | null = null;
  try {
    drawn = await drawPage(plan);
  } catch (error) {
    console.error(`server render of ${plan.url} failed, the browser draws it:`, error);
  }
  sink.write(drawn ?? template.shell + template.tail());
  // an address no page has is the signed-in layout's Not found: one label for all of them
  plan.observe.page({
    route: plan.match?.route.path ?? 'not-found',
    remote: plan.match?.route.remote ?? 'host',
    outcome: drawn === null ? 'fallback' : 'rendered',
    seconds: (performance.now() - started) / 1000,
  });
}

/**
 * What the page's scripts will ask for one after the other once they run (the signed-in frame, the remote's
 * manifest, the host's copies of the shared modules the page uses): named in the head, the browser fetches
 * them at once, while the server is still drawing the page (tooling/src/perf/README.md has the figures).
 */
function pagePreloads({ match, guarded, containers, layoutScripts, providedScripts }: PagePlan): PagePreloads {
  const remote = match ? containers.browserAssets(match.route.remote, match.route.module) : null;
  // the host's copies of the shared modules the page uses (the host loaded first: the runtime hands out its copies)
  const shared = (remote?.shares ?? []).flatMap((key) => (Object.hasOwn(providedScripts, key) ? providedScripts[key]! : []));
  return { fetches: remote ? [remote.manifest] : [], scripts: [...new Set([...(guarded ? layoutScripts : []), ...shared])] };
}

/** The page's root content and the rest of the page, or null when it is left to the browser. */
async function drawPage(plan: PagePlan): Promise<string | null> {
  const { template, scope, deadline } = plan;
  // a page with a head of its own was prepared before its head went
  const prepared = plan.prepared !== undefined ? plan.prepared : await prepare(plan, new URL(plan.url, 'http://host.invalid'));
  const answers = prepared ? await byDeadline(cacheOf(scope.store).dehydrate(), deadline, LATE) : LATE;
  if (!prepared || answers === LATE) return null;
  // the messages of the shell and of the page's remote (registered as its code loaded) in the page's language
  const language = await byDeadline(loadLocale(scope.store.get(localeAtom)), deadline, LATE).catch(() => LATE);
  if (language === LATE) return null;
  const { pages, remotes } = prepared;
  const html = await renderApp(<App location={plan.url} first={{ pages }} />, scope, deadline);
  if (html === null) return null;
  const rendered: RenderedPage = { remotes, integrity: plan.integrity(), config: plan.config, session: plan.session, answers };
  return Buffer.concat(html).toString('utf8') + template.tail(embedJson(rendered));
}

/**
 * Draws the app to HTML with a store and an emotion cache of the request's own (MUI's critical CSS goes
 * inline, next to the elements it styles). Every part is ready before the first byte (the page's code and
 * data were awaited), so React writes it in one go; the chunks are collected and returned, or null when
 * the render failed or did not finish by the deadline.
 */
function renderApp(app: React.ReactElement, scope: ServerScope, deadline: number): Promise<Uint8Array[] | null> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let failed = false;
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(failed ? null : chunks);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <CacheProvider value={createCache({ key: 'css' })}>
        <Provider store={scope.store}>{app}</Provider>
      </CacheProvider>,
      {
        // every part is written in place, however big: the whole page is ready by now, and React's
        // out-of-line parts would need its inline scripts (which the page's CSP does not run) to show
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => stream.pipe(sink),
        onShellError: () => {
          clearTimeout(timer);
          resolve(null);
        },
        onError: (error) => {
          failed = true;
          console.error('server render:', error);
          return 'utsav:server-render';
        },
      },
    );
    const timer = setTimeout(() => {
      failed = true;
      stream.abort(new Error('utsav:timeout'));
    }, Math.max(0, deadline - Date.now()));
  });
}
