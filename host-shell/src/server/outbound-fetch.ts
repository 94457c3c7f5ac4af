/** The origins the render server may reach (every renderer's, in a process that makes more than one). */
const allowed = new Set<string>();
let installed = false;

/**
 * Every request the render server makes goes through here: the API's calls on the user's behalf, and the
 * remotes' manifests, server containers and chunks (the federation runtime fetches them with the global
 * fetch, then runs them: a remote's origin is code execution on this server). So:
 * - only the origins of the deployment's remotes and API are reached; anything else is refused;
 * - nothing waits forever: a request with no deadline of its own gets `timeoutMs` (the federation
 *   runtime's own fetches have none, and a remote that stops answering would hold every render on it).
 */
export function guardOutboundFetch({ origins, timeoutMs }: { origins: Iterable<string>; timeoutMs: number }): void {
  for (const origin of origins) allowed.add(origin);
  if (installed) return;
  installed = true;
  const fetchOf = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!allowed.has(url.origin)) throw new TypeError(`The render server does not fetch from ${url.origin}.`);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetchOf(input, { ...init, signal });
  };
}
