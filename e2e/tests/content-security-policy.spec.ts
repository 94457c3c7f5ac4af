import { expect, test, type Page } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { firstPackage } from '../support/catalog';

/** Every CSP violation any page of this test reports, across navigations. */
async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => seen.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (globalThis as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
      report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  return seen;
}

test('the host page carries a Content-Security-Policy, and the app works under it with no violation', { tag: ['@account', '@booking', '@catalog', '@checkout'] }, async ({ page }) => {
  const violations = await recordViolations(page);
  const login = await page.goto('/login');
  const csp = login?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(login?.headers()['x-frame-options']).toBe('DENY');

  await signInOnboarded(page);
  const { serviceId, menuName } = await firstPackage();
  // every remote, and the API's images, under the policy
  for (const [path, heading] of [
    ['/', null],
    ['/services?q=wedding', null],
    [`/service/${serviceId}/menu`, menuName],
    ['/bookings', null],
    ['/cart', null],
    ['/account', null],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    if (heading) await expect(page.getByText(heading).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
