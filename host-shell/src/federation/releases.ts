import type { RemoteName } from '@utsav/contracts';
import type { RemoteManifests } from './register-remotes';

/**
 * Which release of each remote this page loads its code from, read from the manifest URL it was
 * registered under: a remote served from the release store is at <origin>/<version>/mf-manifest.json
 * (tooling/src/release/store.cjs names versions `<package version>-<12 hex>`). A remote served
 * otherwise (the dev server, a pinned manifest URL) has none.
 */
const VERSION_IN_URL = /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{12})\/mf-manifest\.json$/;

const releases = new Map<RemoteName, string>();

export function releaseIn(manifestUrl: string): string | undefined {
  return VERSION_IN_URL.exec(new URL(manifestUrl, 'http://host.invalid').pathname)?.[1];
}

/** Notes the releases the remotes are registered at (in the browser at boot; on the server at each registration). */
export function noteReleases(manifests: Partial<RemoteManifests>): void {
  for (const [name, manifest] of Object.entries(manifests) as [RemoteName, string | undefined][]) {
    const release = manifest ? releaseIn(manifest) : undefined;
    if (release) releases.set(name, release);
    else releases.delete(name);
  }
}

/** The release the remote's pages come from (RemotePage shows it as `data-release`), if it has one. */
export function releaseOf(remote: RemoteName): string | undefined {
  return releases.get(remote);
}
