import { createContext, useContext, type ReactNode } from 'react';

/**
 * An answer that came with the page: fetched by the server for the page it rendered, under the key
 * the page's `preload` uses (see preload.ts), and embedded in the HTML. A failure is kept as the
 * API's status and message, so the page shows its own error state on both sides.
 */
export type PageAnswer = { ok: true; data: unknown } | { ok: false; status: number; message: string };

const PageAnswersContext = createContext<ReadonlyMap<string, PageAnswer>>(new Map());

/**
 * Gives the pages below the answers that came with the page: a server render gives its page the
 * answers it fetched, and the browser hydrates with the same ones, so `useApi(…, { preloaded: key })`
 * renders them on its first render on both sides (no loading state, no second request).
 */
export function PageAnswers({ answers, children }: { answers: ReadonlyMap<string, PageAnswer>; children: ReactNode }) {
  return <PageAnswersContext.Provider value={answers}>{children}</PageAnswersContext.Provider>;
}

/** The answer that came with the page under `key`, if any. */
export function usePageAnswer(key: string | undefined): PageAnswer | undefined {
  const answers = useContext(PageAnswersContext);
  return key === undefined ? undefined : answers.get(key);
}
