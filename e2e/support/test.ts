import fs from 'node:fs';
import path from 'node:path';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { matchPageRoute } from '@utsav/contracts/page-route-match';
import type { RemoteName } from '@utsav/contracts/routes';

/**
 * Every spec's `test`: Playwright's, with one automatic check. A test carries a tag for each remote whose
 * routes it opens (`test('…', { tag: ['@catalog', '@booking'] }, …)`): a remote's pipeline runs its slice of
 * this suite by tag (`npm run ci -- catalog`, `npm test -- --changed`). The check keeps the tags true: it
 * follows every page of the test's context and fails the test when it opened a remote's route without that
 * remote's tag, or carries a remote's tag without opening its routes. Pages opened while signing in
 * (`duringSignIn`: the Login page, then Home) do not count: every signed-in test passes through them, and the
 * account and catalog specs test them.
 */
const REMOTE_TAG = /^@(catalog|booking|checkout|account|provider)$/;
const signingIn = new WeakSet<BrowserContext>();

/** Runs the sign-in's own navigation, which a test's remote tags leave out. */
export async function duringSignIn<T>(page: Page, action: () => Promise<T>): Promise<T> {
  signingIn.add(page.context());
  try {
    return await action();
  } finally {
    signingIn.delete(page.context());
  }
}

/** The remotes whose routes a context's pages opened (outside sign-in), followed from now on. */
export function followRoutes(context: BrowserContext): Set<RemoteName> {
  const opened = new Set<RemoteName>();
  const follow = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || signingIn.has(context)) return;
      const url = new URL(frame.url());
      if (!/^https?:$/.test(url.protocol)) return;
      const remote = matchPageRoute(url.pathname)?.route.remote;
      if (remote) opened.add(remote);
    });
  context.pages().forEach(follow);
  context.on('page', follow);
  return opened;
}

export const test = base.extend<{ remoteTags: void }>({
  remoteTags: [
    async ({ context }, use, testInfo) => {
      const opened = followRoutes(context);
      await use();
      // a failing test may have stopped before its routes: only a passing one shows what its tags should be
      if (testInfo.status !== testInfo.expectedStatus) return;
      const tagged = testInfo.tags.filter((tag) => REMOTE_TAG.test(tag)).sort();
      const expected = [...opened].map((remote) => `@${remote}`).sort();
      if (process.env.E2E_RECORD_TAGS) {
        fs.appendFileSync(process.env.E2E_RECORD_TAGS, `${JSON.stringify({ file: path.basename(testInfo.file), title: testInfo.title, expected })}\n`);
        return;
      }
      expect(tagged, `the remote tags of "${testInfo.title}" (the remotes whose routes it opened outside sign-in)`).toEqual(expected);
    },
    { auto: true },
  ],
});

// the rest of Playwright's test API, as the specs use it (the `test` above takes the place of its own)
export * from '@playwright/test';
