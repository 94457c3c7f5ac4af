import { getConfig } from './config';
import { currentIdToken } from './firebase';
import { serverScope } from './server-scope';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const OFFLINE_MESSAGE = "Can't reach Utsav right now. Check your connection and try again.";

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded unless it is FormData */
  body?: unknown;
  /** attach the signed-in user's ID token (user-scoped calls) */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'blob': the answer's bytes (a PDF), not JSON */
  responseType?: 'json' | 'blob';
}

async function readMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: fall through to the status text
  }
  return `Server responded with ${response.status}`;
}

/** The browser's credential: the signed-in user's ID token (Firebase), null when signed out. */
async function bearerToken(): Promise<string | null> {
  const token = await currentIdToken();
  return token ? `Bearer ${token}` : null;
}

/** Calls the Utsav API; resolves with the parsed JSON or throws an ApiError with a readable message. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { ...request.headers };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  // rendering a page on the server: the request's user, and who asked
  const scope = serverScope();
  if (scope) headers['X-Forwarded-For'] = scope.forwardedFor;
  if (request.auth) {
    const authorization = scope ? scope.authorization : await bearerToken();
    if (!authorization) throw new ApiError(401, 'Please sign in again.');
    headers.Authorization = authorization;
  }
  let response: Response;
  try {
    response = await fetch(`${getConfig().apiUrl}${path}`, {
      method: request.method ?? 'GET',
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, await readMessage(response));
  if (response.status === 204) return undefined as T;
  if (request.responseType === 'blob') return (await response.blob()) as T;
  return (await response.json()) as T;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The HTTP status of an ApiError, else null. */
export function apiStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

export function isNotFound(error: unknown): boolean {
  return apiStatus(error) === 404;
}

/**
 * A message a person can read: the server's own words for an ApiError (e.g. 'The end time must be
 * after the start time.'), never a schema dump.
 */
export function errorMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  if (!(error instanceof Error)) return fallback;
  // a response that did not match the contract (zod) is not something to show verbatim
  if (error.name === 'ZodError') return 'The server sent an unexpected answer. Please try again.';
  return error.message || fallback;
}
