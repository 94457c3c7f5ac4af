import { getConfig } from './config';
import { currentIdToken } from './firebase';
import { serverScope } from './server-scope';
import { commonText, type CommonMessage } from '../domain/common-messages';
import { currentLocale, type MessageValues } from '@utsav/contracts/i18n-core';
import { DEFAULT_LOCALE, type Locale } from '../domain/language';

/** A failure in the client's own words (not the server's): its id in the contracts' catalogue, said in the page's language by errorMessage. */
export interface OwnWords {
  id: CommonMessage;
  values?: MessageValues;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** set when the message is the client's own (offline, signed out), not the server's */
    readonly words?: OwnWords,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An ApiError in the client's own words: English as its message, the id for errorMessage's language. */
const ownError = (status: number, id: CommonMessage, values?: MessageValues) => new ApiError(status, commonText(DEFAULT_LOCALE, id, values), { id, values });

export const OFFLINE_MESSAGE = commonText(DEFAULT_LOCALE, 'error.offline');

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

/** The error of a failed response: the server's message, or (none) the status in the client's words. */
async function failure(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return new ApiError(response.status, body.message);
  } catch {
    // not JSON: fall through to the status text
  }
  return ownError(response.status, 'error.serverStatus', { status: String(response.status) });
}

/** The browser's credential: the signed-in user's ID token (Firebase), null when signed out. */
async function bearerToken(): Promise<string | null> {
  let token: string | null;
  try {
    token = await currentIdToken();
  } catch (error) {
    // an expired token cannot be refreshed without a connection: the API is just as unreachable
    if ((error as { code?: unknown }).code === 'auth/network-request-failed') throw ownError(0, 'error.offline');
    throw error;
  }
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
  // the API answers (its errors, its validation messages) in the page's language: the browser's, or on the
  // host's server the request's
  headers['Accept-Language'] ??= currentLocale();
  if (request.auth) {
    const authorization = scope ? scope.authorization : await bearerToken();
    if (!authorization) throw ownError(401, 'error.signInAgain');
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
    throw ownError(0, 'error.offline');
  }
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  if (request.responseType === 'blob') return (await response.blob()) as T;
  return (await response.json()) as T;
}

/** The HTTP status of an ApiError, else null. */
export function apiStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

export function isNotFound(error: unknown): boolean {
  return apiStatus(error) === 404;
}

/** The call never reached the API (offline, or the connection failed): status 0, OFFLINE_MESSAGE. */
export function isUnreachable(error: unknown): boolean {
  return apiStatus(error) === 0;
}

/**
 * A message a person can read: the server's own words for an ApiError (e.g. 'The end time must be
 * after the start time.'), as they come, never a schema dump; the client's own words (offline, the
 * fallback 'Something went wrong…') in `locale` (English when not given).
 */
export function errorMessage(error: unknown, fallback?: string, locale: Locale = DEFAULT_LOCALE): string {
  const otherwise = () => fallback ?? commonText(locale, 'error.fallback');
  if (!(error instanceof Error)) return otherwise();
  // a response that did not match the contract (zod) is not something to show verbatim
  if (error.name === 'ZodError') return commonText(locale, 'error.unexpectedAnswer');
  if (error instanceof ApiError) {
    if (error.words) return commonText(locale, error.words.id, error.words.values);
    // status 0 is only ever the client's "can't reach" (also when it came with a server-rendered page)
    if (error.status === 0) return commonText(locale, 'error.offline');
  }
  return error.message || otherwise();
}
