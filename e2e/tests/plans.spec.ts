import { expect, test, type Page } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import { signInOnboarded } from '../support/auth';

// signing in, three hearts, a plan with two events, the shortlist, the comparison, and five axe scans
test.describe.configure({ timeout: 150_000 });

/** 'YYYY-MM-DD', `days` from today */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function scan(page: Page, where: string, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoSeriousViolations(page, where);
}

test('a couple shortlists three photographers, plans two events, files two for the wedding and compares them', { tag: ['@booking', '@catalog', '@account'] }, async ({ page }) => {
  await signInOnboarded(page);

  // three hearts on the search results
  await page.goto('/services?category=Photography');
  const hearts = page.locator('main').getByRole('button', { name: /^Save .* to your shortlist$/ });
  await expect(hearts.first()).toBeVisible();
  const titles: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const heart = hearts.nth(i);
    const name = (await heart.getAttribute('aria-label')) ?? '';
    titles.push(name.replace(/^Save (.*) to your shortlist$/, '$1'));
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  // the service page's heart knows it too
  await page.getByRole('article').filter({ has: page.getByRole('button', { name: `Save ${titles[0]} to your shortlist` }) }).getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Save this service to your shortlist' })).toHaveAttribute('aria-pressed', 'true');

  // a plan with two events, from My Account
  await page.goto('/account');
  await page.getByRole('link', { name: 'Wedding plans' }).click();
  await scan(page, 'Wedding plans: none yet', 'Wedding plans');
  await page.getByRole('button', { name: 'New plan' }).click();
  const planForm = page.getByRole('dialog', { name: 'New wedding plan' });
  await planForm.getByLabel('Plan name').fill('Meera & Arjun');
  await planForm.getByLabel('From').fill(inDays(90));
  await planForm.getByLabel('To').fill(inDays(93));
  await planForm.getByLabel('Home city (optional)').fill('Jaipur');
  await planForm.getByRole('button', { name: 'Create plan' }).click();
  await expect(page).toHaveURL(/\/plans\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meera & Arjun' })).toBeVisible();

  for (const [kind, day, guests] of [['Wedding', 92, '300'], ['Haldi', 90, '80']] as const) {
    await page.getByRole('button', { name: 'Add event' }).click();
    const form = page.getByRole('dialog', { name: 'Add an event' });
    await form.getByLabel('Event').selectOption({ label: kind });
    await form.getByLabel('Date').fill(inDays(day));
    await form.getByLabel('Guests').fill(guests);
    await form.getByRole('button', { name: 'Add event' }).click();
    await expect(form).toBeHidden();
  }
  const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
  await expect(events.getByRole('heading')).toHaveText(['Haldi', 'Wedding']);
  await scan(page, 'A plan with two events', 'Meera & Arjun');

  // two of the three for the wedding
  await page.getByRole('listitem', { name: 'Wedding' }).getByRole('link', { name: 'Find vendors' }).click();
  await expect(page.getByText('Nothing saved for this event yet.')).toBeVisible();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All' }).click();
  const saved = page.getByRole('list', { name: 'Saved services' }).getByRole('listitem');
  await expect(saved).toHaveCount(3);
  for (const title of titles.slice(0, 2)) {
    await page.getByRole('listitem', { name: title }).getByLabel('For').selectOption({ label: 'Wedding' });
  }
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Wedding' }).click();
  await expect(saved).toHaveCount(2);
  await scan(page, 'The shortlist, one event', 'Shortlist');

  // the same shortlist from the server, after a reload
  await page.reload();
  await expect(saved).toHaveCount(2);

  for (const title of titles.slice(0, 2)) await page.getByRole('listitem', { name: title }).getByRole('checkbox', { name: 'Compare' }).check();
  await page.getByRole('link', { name: 'Compare (2)' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(titles.slice(0, 2));
  await expect(table.getByRole('row', { name: /^Free on / })).toBeVisible();
  await scan(page, 'Compare', 'Compare');

  // the plan says what is saved for each event
  await page.goto('/plans');
  await page.getByRole('link', { name: /Meera & Arjun/ }).click();
  await expect(page.getByRole('listitem', { name: 'Wedding' }).getByRole('link', { name: '2 saved vendors' })).toBeVisible();
});
