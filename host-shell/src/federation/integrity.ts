import type { RemoteName } from '@utsav/contracts';

/**
 * What the host knows of a remote's release (tooling/src/runtime-config.cjs: liveReleases on the server,
 * remoteIntegrity for the browser): the URL of its version folder (ending in /), and the digests of its
 * files as Subresource Integrity writes them (sha256-<base64>) — every file for the render server, the
 * manifest and entry for the browser. `refused`: the release's record is not signed by the remote's team
 * (or records no digests), so nothing of it may run.
 */
export interface RemoteRelease {
  base: string;
  digests: Record<string, string>;
  refused?: boolean | string;
}

export type RemoteIntegrity = Partial<Record<RemoteName, RemoteRelease>>;

/** The release `url` is a file of, and that file's path inside it (its query left out), if any. */
export function releaseFileOf(url: string, releases: Iterable<RemoteRelease>): { release: RemoteRelease; file: string } | undefined {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return undefined;
  }
  const bare = `${address.origin}${address.pathname}`;
  for (const release of releases) {
    if (bare.startsWith(release.base) && bare.length > release.base.length) return { release, file: decodeURIComponent(bare.slice(release.base.length)) };
  }
  return undefined;
}

/** A well-formed digest no file has (SRI with no valid digest would let anything through: this refuses). */
export const NO_FILE_DIGEST = `sha256-${'A'.repeat(43)}=`;
