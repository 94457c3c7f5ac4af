import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@utsav/contracts';
import { noteReleases } from './releases';

export type RemoteManifests = Record<RemoteName, string>;

/** Tells the federation runtime where each remote's mf-manifest.json lives (from /remotes.json). */
export function registerRemoteManifests(manifests: Partial<RemoteManifests>): void {
  const remotes = REMOTE_NAMES.flatMap((name) => {
    const entry = manifests[name];
    return entry ? [{ name, entry }] : [];
  });
  registerRemotes(remotes, { force: true });
  noteReleases(manifests);
}
