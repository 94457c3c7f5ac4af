import { createHash } from 'node:crypto';

/** The origins the render server may reach (every renderer's, in a process that makes more than one). */
const allowed = new Set<string>();
let installed = false;

/**
 * The digest a URL's contents must have: a string (sha256-<base64>); null when the URL is in a release
 * but is not a file of it, or the release is refused (it is not fetched at all); undefined when the URL
 * is in no release the host knows (fetched as it is).
 */
export type DigestLookup = (url: string) => string | null | undefined;
const lookups = new Set<DigestLookup>();

/** Has every fetch of a released file checked against `lookup` (each renderer's releases, in a process that makes more than one). */
export function verifyReleasedCode(lookup: DigestLookup): void {
  lookups.add(lookup);
}

function expectedDigest(url: string): string | null | undefined {
  for (const lookup of lookups) {
    const digest = lookup(url);
    if (digest !== undefined) return digest;
  }
  return undefined;
}

/** What a released file was refused for: its contents differ from its release's record, or the release is refused. */
export class UnreleasedCodeError extends TypeError {
  constructor(readonly url: string, reason: string) {
    super(`The render server refuses ${url}: ${reason}.`);
    this.name = 'UnreleasedCodeError';
  }
}

/**
 * The response, once its body's SHA-256 is the one `expected` (its body read whole and handed on as
 * it was, decoded); a 304 has no body and passes. Anything else is an UnreleasedCodeError.
 */
async function verified(url: string, response: Response, expected: string): Promise<Response> {
  if (response.status === 304 || !response.ok) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const actual = `sha256-${createHash('sha256').update(body).digest('base64')}`;
  if (actual !== expected) throw new UnreleasedCodeError(url, `its contents are not the ones released (${actual}, released ${expected})`);
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Every request the render server makes goes through here: the API's calls on the user's behalf, and the
 * remotes' manifests, server containers and chunks (the federation runtime fetches them with the global
 * fetch, then runs them: a remote's origin is code execution on this server). So:
 * - only the origins of the deployment's remotes and API are reached; anything else is refused;
 * - nothing waits forever: a request with no deadline of its own gets `timeoutMs` (the federation
 *   runtime's own fetches have none, and a remote that stops answering would hold every render on it);
 * - a file of a release (verifyReleasedCode) is handed on only when its SHA-256 is the one its signed
 *   record says: else the fetch fails, as it would for a remote that is down, and the page is left to
 *   the browser.
 */
export function guardOutboundFetch({ origins, timeoutMs }: { origins: Iterable<string>; timeoutMs: number }): void {
  for (const origin of origins) allowed.add(origin);
  if (installed) return;
  installed = true;
  const fetchOf = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!allowed.has(url.origin)) throw new TypeError(`The render server does not fetch from ${url.origin}.`);
    const expected = expectedDigest(url.href);
    if (expected === null) throw refused(new UnreleasedCodeError(url.href, 'it is not a file of a release the host accepts'));
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const response = await fetchOf(input, { ...init, signal });
    return expected === undefined ? response : verified(url.href, response, expected).catch((error: unknown) => Promise.reject(refused(error)));
  };
}

/** A refusal is said in the server's log (someone changed what a release serves), and thrown. */
function refused(error: unknown): unknown {
  if (error instanceof UnreleasedCodeError) console.error(error.message);
  return error;
}
