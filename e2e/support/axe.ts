import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0/2.1/2.2 A and AA, plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** Every violation with each offending element and axe's own advice, so a failure says what to fix. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) => `    at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}\n      ${node.html}`,
      );
      return `- [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Waits for running CSS transitions (a dialog fading in would otherwise read as low contrast);
 * endless ones (a spinner) never finish, so they are left alone.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe on the page as it is now and records (softly, so one test reports every page it visits)
 * each serious or critical violation.
 */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  expect.soft(blocking.map((violation) => violation.id), `axe on ${where}:\n${describeViolations(blocking)}`).toEqual([]);
}
