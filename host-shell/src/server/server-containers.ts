import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@utsav/contracts';
import type { RemoteManifests } from '../federation/register-remotes';

export type { RemoteManifests };

/** A remote's server container sits beside its browser manifest: <origin>/server/remoteEntry.js. */
export function serverEntryOf(manifestUrl: string): string {
  return new URL('server/remoteEntry.js', manifestUrl).href;
}

export interface ServerContainers {
  /**
   * Resolves once the registered containers are the deployed ones: at most every `checkEveryMs`, each
   * remote's manifest is asked for (conditionally: an unchanged one is a 304) and a remote deployed
   * anew is registered again at its new version, so the next render loads its new server container,
   * as the next page load in a browser loads its new browser one. Renders already under way finish
   * with the version they started with.
   */
  current(): Promise<void>;
  /** A remote whose page failed to load: registered afresh on the next check (its container is never retried). */
  failed(remote: RemoteName): void;
}

/** How long the manifest check may take before the render goes on with the containers it has. */
const CHECK_TIMEOUT_MS = 500;

/**
 * The remotes' server containers as the host's server loads them: from the same remotes.json the
 * browser reads, from each remote's own origin at run time; both sides are offered the host's shared
 * singletons. A remote is registered under its manifest's version (`?v=`: the federation runtime keeps
 * one loaded container per entry URL).
 */
export function serverContainers(manifests: Partial<RemoteManifests>, { checkEveryMs }: { checkEveryMs: number }): ServerContainers {
  const remotes = REMOTE_NAMES.flatMap((name) => (manifests[name] ? [{ name, manifest: manifests[name] }] : []));
  /** the manifest's ETag each remote is registered at; missing: to be registered at the next check */
  const versions = new Map<RemoteName, string>();
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;

  async function versionOf(name: RemoteName, manifest: string): Promise<string | null> {
    const known = versions.get(name);
    try {
      const answer = await fetch(manifest, {
        headers: known ? { 'If-None-Match': known } : {},
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      if (answer.status === 304) return known ?? null;
      await answer.arrayBuffer();
      return answer.ok ? (answer.headers.get('etag') ?? String(Date.now())) : null;
    } catch {
      // unreachable now: the render finds out, and the page is left to the browser
      return null;
    }
  }

  async function check(): Promise<void> {
    const changed = await Promise.all(
      remotes.map(async ({ name, manifest }) => {
        const version = await versionOf(name, manifest);
        const fresh = version ?? `unreachable-${Date.now()}`;
        if (versions.has(name) && (version === null || versions.get(name) === version)) return null;
        versions.set(name, fresh);
        return { name, entry: `${serverEntryOf(manifest)}?v=${encodeURIComponent(fresh)}`, type: 'commonjs-module' as const };
      }),
    );
    const registrations = changed.filter((registration) => registration !== null);
    if (registrations.length) registerRemotes(registrations, { force: true });
  }

  return {
    current() {
      if (checking) return checking;
      if (Date.now() - checkedAt < checkEveryMs) return Promise.resolve();
      checkedAt = Date.now();
      checking = check().finally(() => {
        checking = null;
      });
      return checking;
    },
    failed(remote) {
      versions.delete(remote);
      checkedAt = -Infinity;
    },
  };
}
