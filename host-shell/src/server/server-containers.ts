import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@utsav/contracts';
import type { RemoteManifests } from '../federation/register-remotes';
import { noteReleases } from '../federation/releases';

export type { RemoteManifests };

/** A remote's server container sits beside its browser manifest: <origin>/server/remoteEntry.js. */
export function serverEntryOf(manifestUrl: string): string {
  return new URL('server/remoteEntry.js', manifestUrl).href;
}

export interface ServerContainers {
  /**
   * Resolves, with the remotes it registered, once the registered containers are the deployed ones: the
   * remotes are read every time (a promote or rollback of the release store moves a remote to another
   * version's URL: registered at once), and at most every `checkEveryMs` each remote's manifest is asked
   * for (conditionally: an unchanged one is a 304); a remote deployed anew at the same URL is registered again,
   * so the next render loads its new server container, as the next page load in a browser loads its new
   * browser one. Renders already under way finish with the version they started with.
   */
  current(): Promise<Partial<RemoteManifests>>;
  /** A remote whose page failed to load: registered afresh on the next check (its container is never retried). */
  failed(remote: RemoteName): void;
  /**
   * What a browser showing `module` of `remote` will ask for before the page runs, from the remote's browser
   * manifest as last read (null: not read, or no such module): the manifest's URL, and the shared modules
   * the page uses (page-shares.json beside it).
   */
  browserAssets(remote: RemoteName, module: string): { manifest: string; shares: string[] } | null;
}

/** Beside a remote's manifest: the shared modules each of its pages uses (tooling/src/perf/page-shares.cjs). */
const PAGE_SHARES_FILE = 'page-shares.json';

/** The part of a remote's browser manifest (mf-manifest.json) that says what a page needs. */
interface BrowserManifest {
  exposes?: { name?: string; path?: string }[];
}


/** How long the manifest check may take before the render goes on with the containers it has. */
const CHECK_TIMEOUT_MS = 500;

/**
 * The remotes' server containers as the host's server loads them: from the same remotes.json the
 * browser reads (`manifests()`, asked at every check), from each remote's own origin at run time; both
 * sides are offered the host's shared singletons. A remote is registered under its manifest's URL and
 * version (`?v=`: the federation runtime keeps one loaded container per entry URL).
 */
export function serverContainers(manifests: () => Partial<RemoteManifests>, { checkEveryMs }: { checkEveryMs: number }): ServerContainers {
  /** the manifest URL and ETag each remote is registered at; missing: to be registered at the next check */
  const registered = new Map<RemoteName, { manifest: string; version: string }>();
  let current: Partial<RemoteManifests> = {};
  let checkedAt = -Infinity;
  let checking: Promise<Partial<RemoteManifests>> | null = null;
  /** each remote's browser manifest as last read, by its URL, with the shared modules of its pages */
  const browserManifests = new Map<string, { manifest: BrowserManifest; shares: Record<string, string[]> }>();

  /** The remote's page-shares.json (none: a build without it, or unreachable: only the head names less). */
  async function sharesBeside(manifest: string): Promise<Record<string, string[]>> {
    try {
      const answer = await fetch(new URL(PAGE_SHARES_FILE, manifest), { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      const read: unknown = answer.ok ? await answer.json() : {};
      return read && typeof read === 'object' ? (read as Record<string, string[]>) : {};
    } catch {
      return {};
    }
  }

  async function versionOf(manifest: string, known: string | undefined): Promise<string | null> {
    try {
      const answer = await fetch(manifest, {
        headers: known ? { 'If-None-Match': known } : {},
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      if (answer.status === 304) return known ?? null;
      const body = await answer.text();
      if (!answer.ok) return null;
      try {
        browserManifests.set(manifest, { manifest: JSON.parse(body) as BrowserManifest, shares: await sharesBeside(manifest) });
      } catch {
        browserManifests.delete(manifest);
      }
      return answer.headers.get('etag') ?? String(Date.now());
    } catch {
      // unreachable now: the render finds out, and the page is left to the browser
      return null;
    }
  }

  async function check(): Promise<Partial<RemoteManifests>> {
    const now = manifests();
    const changed = await Promise.all(
      REMOTE_NAMES.map(async (name) => {
        const manifest = now[name];
        if (!manifest) return null;
        const before = registered.get(name);
        const sameUrl = before?.manifest === manifest;
        const version = await versionOf(manifest, sameUrl ? before.version : undefined);
        if (sameUrl && (version === null || before.version === version)) return null;
        const fresh = version ?? `unreachable-${Date.now()}`;
        registered.set(name, { manifest, version: fresh });
        return { name, entry: `${serverEntryOf(manifest)}?v=${encodeURIComponent(fresh)}`, type: 'commonjs-module' as const };
      }),
    );
    const registrations = changed.filter((registration) => registration !== null);
    if (registrations.length) registerRemotes(registrations, { force: true });
    current = Object.fromEntries([...registered].map(([name, { manifest }]) => [name, manifest]));
    noteReleases(current);
    return current;
  }

  return {
    current() {
      if (checking) return checking;
      // a remote moved to another URL (a promote or rollback) is registered at once; a redeploy at the same URL within checkEveryMs
      const moved = Object.entries(manifests()).some(([name, manifest]) => registered.get(name as RemoteName)?.manifest !== manifest);
      if (!moved && Date.now() - checkedAt < checkEveryMs) return Promise.resolve(current);
      checkedAt = Date.now();
      checking = check().finally(() => {
        checking = null;
      });
      return checking;
    },
    failed(remote) {
      registered.delete(remote);
      checkedAt = -Infinity;
    },
    browserAssets(remote, module) {
      const manifest = current[remote];
      const read = manifest ? browserManifests.get(manifest) : undefined;
      const page = read?.manifest.exposes?.some((expose) => expose.path === module || `./${expose.name}` === module);
      if (!manifest || !read || !page) return null;
      const shares = read.shares[module];
      return { manifest, shares: Array.isArray(shares) ? shares.filter((key) => typeof key === 'string') : [] };
    },
  };
}
