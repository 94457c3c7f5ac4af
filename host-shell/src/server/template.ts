import { HYDRATING, RENDERED_PAGE_ID } from '../boot/rendered-page';

/** The host's index.html cut where a server render writes: the head, the static shell it replaces, the rest. */
export interface Template {
  /** up to and including the app's root element's opening tag */
  head: string;
  /**
   * the head with `links` (built by preloadLinks) at the end of its <head>; with `own` (a page's own head tags,
   * page-head.ts) in place of the app's <title> and description, before the links
   */
  headWith(links: string, own?: string): string;
  /** what the root holds in the static page (the boot screen): sent when the page is left to the browser */
  shell: string;
  /**
   * the root's closing tag and the rest of the page; after a render, with the element carrying what the
   * page was rendered with (`json`, from embedJson) for the browser to hydrate with
   */
  tail(json?: string): string;
}

const ROOT_OPEN = '<div id="root">';
const ROOT_CLOSE = '</div><!--/root-->';

/** Cuts the built index.html (tooling/src/index.html marks the end of the root with <!--/root-->). */
export function readTemplate(html: string): Template {
  const start = html.indexOf(ROOT_OPEN);
  const end = html.indexOf(ROOT_CLOSE);
  if (start < 0 || end < start) throw new Error(`The host's index.html has no ${ROOT_OPEN}…${ROOT_CLOSE} to render into.`);
  const open = start + ROOT_OPEN.length;
  const rest = html.slice(end + ROOT_CLOSE.length);
  // "needs JavaScript" is true of the static shell, not of a rendered page: it reads without
  const restRendered = rest.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  // until the app has taken the page over, what is tapped or typed is held for it (see HYDRATING)
  const head = `${html.slice(0, start)}<div id="root" ${HYDRATING}>`;
  const headEnd = head.indexOf('</head>');
  // the app's own title and description, which a page's own head replaces
  const appsOwn = /<title>[\s\S]*?<\/title>|<meta name="description"[^>]*>/g;
  return {
    head,
    headWith: (links, own) => {
      if (headEnd < 0 || (!links && !own)) return head;
      const before = own ? head.slice(0, headEnd).replace(appsOwn, '') : head.slice(0, headEnd);
      return before + (own ?? '') + links + head.slice(headEnd);
    },
    shell: html.slice(open, end),
    tail: (json) =>
      json === undefined ? `${ROOT_CLOSE}${rest}` : `${ROOT_CLOSE}<script type="application/json" id="${RENDERED_PAGE_ID}">${json}</script>${restRendered}`,
  };
}

/** What a rendered page will ask for once its scripts run, named in its head so the browser asks at once. */
export interface PagePreloads {
  /** the host's scripts (the signed-in frame's, its copies of the shared modules the page uses) */
  scripts: string[];
  /** what the federation runtime fetches (the remote's manifest) */
  fetches: string[];
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link rel="preload">`s for `preloads`, each as the page will make the request (or it is fetched twice):
 * the host's scripts as webpack adds them (no crossorigin attribute), a fetch as `fetch()` makes it (CORS,
 * no credentials). A remote's scripts are not named: Chromium hands a preload that failed (the remote
 * unreachable) to the next request that matches it, so the load after Retry would fail at once, and a
 * preload in another mode than the load (to avoid that) is reported in the console as unused.
 */
export function preloadLinks({ scripts, fetches }: PagePreloads): string {
  return [
    ...fetches.map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(href)}">`),
    ...scripts.map((href) => `<link rel="preload" as="script" href="${attribute(href)}">`),
  ].join('');
}
