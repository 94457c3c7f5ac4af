import { apiStatus, errorMessage } from './api-client';
import type { PageAnswer } from './page-answers';
import { serverScope } from './server-scope';

/**
 * Answers fetched for a page before it renders. At boot the host loads the opened page's module
 * and calls its `preload`, alongside sign-in and the profile check; when the page then renders,
 * its useApi takes the answer already on its way instead of asking again. So a page's data no
 * longer waits for the session, the profile check and the page's first render, one after another.
 * Each answer is taken once, and only while fresh.
 */
const FRESH_MS = 15_000;
const early = new Map<string, { answer: Promise<unknown>; at: number }>();

/** What a page module's `preload` is told: the route's params and the address's query. */
export interface PageAddress {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * A page module's optional export, run by the host when the page's code arrives at boot, and by the
 * host's server before it renders the page: a preload that asks only after something else resolves
 * (the restored session) returns that promise, so the server knows when every ask has started.
 */
export type PagePreload = (address: PageAddress) => void | Promise<unknown>;

/** Starts `call` now and keeps its answer for the page that will ask by `key`. */
export function preloadAnswer(key: string, call: () => Promise<unknown>): void {
  const scope = serverScope();
  if (scope) {
    // rendering on the server: the answer goes into the HTML, for the page on both sides
    scope.answers.set(key, call().then(pageAnswerOf, pageAnswerOfFailure));
    return;
  }
  const answer = call();
  // a failure is the page's to report, when (and if) it takes the answer
  answer.catch(() => undefined);
  early.set(key, { answer, at: Date.now() });
}

/** The answer preloaded for `key`, once; undefined when there is none or it is stale. */
export function takePreloaded<T>(key: string): Promise<T> | undefined {
  const entry = early.get(key);
  early.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.answer as Promise<T>) : undefined;
}

const pageAnswerOf = (data: unknown): PageAnswer => ({ ok: true, data });

/** A failed call as the page will show it: the API's status and words (0 and the offline message when the API did not answer). */
const pageAnswerOfFailure = (error: unknown): PageAnswer => ({ ok: false, status: apiStatus(error) ?? 500, message: errorMessage(error) });
