import type { Page } from '@playwright/test';

export interface SharedEntry {
  name: string;
  version: string;
  /** the app that offered this copy */
  from: string;
  /** this copy was actually loaded (and is the one in use) */
  loaded: boolean;
}

/** Every copy of every shared module that any app registered in the default share scope. */
export async function sharedEntries(page: Page): Promise<SharedEntry[]> {
  return page.evaluate(() => {
    type Entry = { from?: string; loaded?: boolean; lib?: unknown };
    const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> } })
      .__FEDERATION__.__SHARE__;
    const entries: SharedEntry[] = [];
    for (const instance of Object.values(scopes)) {
      for (const [name, byVersion] of Object.entries(instance.default ?? {})) {
        for (const [version, entry] of Object.entries(byVersion)) {
          entries.push({ name, version, from: entry.from ?? '', loaded: Boolean(entry.loaded || entry.lib) });
        }
      }
    }
    return entries;
  });
}
