import type { PageAnswer, RuntimeConfig, Session } from '@utsav/contracts';
import type { RemoteManifests } from '../federation/register-remotes';

/**
 * What a server-rendered page carries for the browser, embedded in the HTML (embedJson): the
 * deployment's settings (no /remotes.json and /config.json round trip), the session it was rendered
 * for and the answers its page was drawn with, so the browser's first render is the server's.
 */
export interface RenderedPage {
  remotes: Partial<RemoteManifests>;
  config: Partial<RuntimeConfig>;
  session: Session;
  answers: [string, PageAnswer][];
}

/** The element of the page that carries it. */
export const RENDERED_PAGE_ID = 'utsav-rendered';

/**
 * The attribute a server-rendered page's root carries until the browser has taken it over
 * (hydrateRoot): meanwhile its forms and buttons take no taps (tooling/src/index.html's style), so
 * nothing typed or pressed before the app's code arrives is lost, and a control reached with Tab is
 * outlined (MUI draws its focus ring from JavaScript); links work from the first paint.
 */
export const HYDRATING = 'data-hydrating';
