import type { PageAnswer, RuntimeConfig, Session } from '@utsav/contracts';
import type { RemoteManifests } from '../federation/register-remotes';
import type { RemoteIntegrity } from '../federation/integrity';

/**
 * What a server-rendered page carries for the browser, embedded in the HTML (embedJson): the
 * deployment's settings (no /remotes.json and /config.json round trip), the session it was rendered
 * for and the answers its page was drawn with, so the browser's first render is the server's.
 */
export interface RenderedPage {
  remotes: Partial<RemoteManifests>;
  /** the digests of the remotes' entries (the browser loads them with Subresource Integrity) */
  integrity: RemoteIntegrity;
  config: Partial<RuntimeConfig>;
  session: Session;
  /** what the page's data calls were answered (the server's API cache, `dehydrate`), for the browser's (`hydrate`) */
  answers: [string, PageAnswer][];
}

/** The element of the page that carries it. */
export const RENDERED_PAGE_ID = 'utsav-rendered';

/**
 * The attribute a server-rendered page's root carries until the app has taken it over (the
 * INTERACTIVE event, boot/interactive.ts). Meanwhile a link navigates by itself, and what else is tapped
 * or submitted is held and delivered once the app has taken over, with what was typed reported to the
 * fields' state (tooling/src/perf/early-input.js, inlined in the page's head, which takes the mark off
 * then); a control reached with Tab is outlined (MUI draws its focus ring from JavaScript).
 */
export const HYDRATING = 'data-hydrating';
