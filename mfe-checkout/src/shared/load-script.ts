const loaded = new Map<string, Promise<void>>();

/**
 * Adds `<script src={url}>` once per url and resolves when it has run. A failed load is forgotten,
 * so the next call tries again (the user may be back online).
 */
export function loadScript(url: string): Promise<void> {
  const known = loaded.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(url);
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.body.appendChild(script);
  });
  loaded.set(url, promise);
  return promise;
}

/** Tests only: forget every loaded script. */
export function resetLoadedScripts(): void {
  loaded.clear();
}
