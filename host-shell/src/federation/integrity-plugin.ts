import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { NO_FILE_DIGEST, releaseFileOf, type RemoteIntegrity, type RemoteRelease } from './integrity';

/** The releases the page was told of (release folder URL -> its digests); a version never changes, so none is forgotten. */
const known = new Map<string, RemoteRelease>();

/** Notes the remotes' releases (in the browser at boot, from /remote-integrity.json or the server-rendered page). */
export function noteIntegrity(integrity: RemoteIntegrity): void {
  for (const release of Object.values(integrity)) if (release) known.set(release.base, release);
}

/** The digest a release's file must have, or null when the release is refused or does not list it. */
function digestOf(url: string): string | null | undefined {
  const found = releaseFileOf(url, known.values());
  if (!found) return undefined;
  return found.release.refused ? null : (found.release.digests[found.file] ?? null);
}

/** A remote's entry script (the builds name it remoteEntry.js: tooling/src/webpack-config.cjs). */
const isEntry = (url: string) => /\/remoteEntry\.js(?:[?#]|$)/.test(url);

/** Whether `url` is a file of a release the host does not accept. */
const refusedRelease = (url: string) => Boolean(releaseFileOf(url, known.values())?.release.refused);

/**
 * The browser loads only the code that was released: a remote's manifest is fetched, and its entry
 * script loaded, with Subresource Integrity from the release's record (the host's
 * /remote-integrity.json), so a CDN or store that serves other bytes is refused by the browser itself.
 * A refusal fails the load as a remote that is down does (remote-fallback-plugin: the route's error
 * block with Retry; the rest of the app works). The entry is loaded cross-origin in CORS mode, as SRI
 * requires (the remotes' servers answer with Access-Control-Allow-Origin). A remote served outside the
 * release store (a dev server) is loaded as it is. (No React import here: this file runs before sharing
 * is set up.)
 */
export default function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'utsav-release-integrity',
    createScript({ url }) {
      if (typeof document === 'undefined') return undefined;
      const digest = digestOf(url);
      if (digest === undefined) return undefined;
      // the runtime also makes the scripts of a page's chunks here (preloading a page's assets, as on Retry): the
      // record the browser holds covers the manifest and the entry only, so a chunk it does not list loads as
      // webpack loads it (no SRI: docs/security.md); only an entry it does not list is refused
      if (digest === null && !isEntry(url) && !refusedRelease(url)) return undefined;
      const script = document.createElement('script');
      script.src = url;
      // an entry the record does not list is refused too: a well-formed digest no file has
      script.setAttribute('integrity', digest ?? NO_FILE_DIGEST);
      script.setAttribute('crossorigin', 'anonymous');
      return script;
    },
    fetch(url, init) {
      const digest = digestOf(url);
      if (digest === undefined) return undefined;
      if (digest === null) return Promise.reject(new TypeError(`${url} is not a file of a release this host accepts.`));
      // the browser checks the bytes against the digest, and rejects when they differ
      return globalThis.fetch(url, { ...init, integrity: digest });
    },
  };
}
