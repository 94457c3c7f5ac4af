import type { RuntimeConfig } from '@utsav/contracts';
import type { RemoteManifests } from '../federation/register-remotes';
import type { RemoteIntegrity } from '../federation/integrity';

export interface RuntimeSettings {
  remotes: Partial<RemoteManifests>;
  /** the digests of each remote release's entries (/remote-integrity.json) */
  integrity: RemoteIntegrity;
  config: Partial<RuntimeConfig>;
}

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The deployment's settings: where each remote lives (/remotes.json), the digests of their releases'
 * entries (/remote-integrity.json) and the runtime config (/config.json).
 */
export async function fetchRuntimeSettings(): Promise<RuntimeSettings> {
  const [remotes, integrity, config] = await Promise.all([
    readJson<Partial<RemoteManifests>>('/remotes.json'),
    readJson<RemoteIntegrity>('/remote-integrity.json'),
    readJson<Partial<RuntimeConfig>>('/config.json'),
  ]);
  return { remotes, integrity, config };
}
