import { expect, test, type Page } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import { signInByRest, signInOnboarded } from '../support/auth';
import { appTakenOver } from '../support/hydration';
import { API_URL } from '../support/system';

/**
 * A plan's budget and checklist (issue 37, item 5), as the couple uses them on their phone: the budget set in rupees
 * as typed (the plan's and the wedding's), shown on the plan page and the budget page; the checklist the wedding
 * brings, each task due so many days before the wedding, one ticked with the keyboard (kept after a reload), one task
 * of their own added; the plan page's next tasks follow. The figures after a real booking and payment are
 * quotes.spec's.
 */

// signing in, three pages, a reload, two axe scans
test.describe.configure({ timeout: 120_000 });

const DAY = 86_400_000;
/** 'YYYY-MM-DD', `days` from today */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** 'YYYY-MM-DD' `days` before (or after, negative) a date */
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A date as the pages write it: '5 Feb 2027' */
const written = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
};

/** A plan with its wedding, made through the API as the couple (making them by their forms is plans.spec's). */
async function planWithWedding(phoneDigits: string, weddingDay: string): Promise<string> {
  const { idToken } = await signInByRest(`+91${phoneDigits}`);
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${API_URL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    });
    expect(response.status, `POST ${path}`).toBe(201);
    return (await response.json()) as { planId: string };
  };
  const { planId } = await post('/plans', { title: 'Diya & Kabir', from: daysBefore(weddingDay, 1), to: weddingDay, homeCity: 'Udaipur' });
  await post(`/plans/${planId}/events`, { kind: 'wedding', date: weddingDay, city: 'Udaipur', guests: 200 });
  return planId;
}

/** The value a figure's row of the definition list shows ('Budget' → '₹5,00,000.00'). */
const figure = (scope: ReturnType<Page['locator']>, name: string) => scope.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');

test('a couple sets the budget in rupees and works through the checklist their wedding brings', { tag: ['@booking'] }, async ({ page }) => {
  const phone = await signInOnboarded(page);
  const weddingDay = inDays(100);
  const planId = await planWithWedding(phone, weddingDay);

  // the plan page: no budget yet, and the next three tasks, the overdue first
  await page.goto(`/plans/${planId}`);
  await appTakenOver(page);
  const budgetSection = page.getByRole('region', { name: 'Budget' });
  await expect(figure(budgetSection, 'Budget')).toHaveText('Not set');
  const next = page.getByRole('list', { name: 'Next on the checklist' }).getByRole('listitem');
  await expect(next).toHaveText([/^Book the venue/, /^Book a wedding planner/, /^Book the photographer/]);
  await expect(next.nth(0)).toContainText('Overdue');
  await expect(page.getByRole('region', { name: 'Next on the checklist' })).toContainText('0 of 11 done');

  // the budget page: the plan's budget typed as people write rupees, a wrong one refused first
  await budgetSection.getByRole('link', { name: 'See the budget' }).click();
  await expect(page).toHaveURL(`/plans/${planId}/budget`);
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  await page.getByRole('button', { name: 'Set a budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Budget for the whole plan' });
  const amount = dialog.getByLabel('Amount in rupees');
  await amount.fill('five lakh');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter an amount in rupees, like 5,00,000')).toBeVisible();
  await amount.fill('5,00,000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Budget saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  const planBudget = page.getByRole('region', { name: 'Budget' });
  await expect(figure(planBudget, 'Budget')).toHaveText('₹5,00,000.00');
  await expect(figure(planBudget, 'Booked')).toHaveText('₹0.00');
  await expect(figure(planBudget, 'Left')).toHaveText('₹5,00,000.00');
  await expect(page.getByRole('button', { name: 'Edit budget' })).toBeVisible();

  // the wedding's own share of it
  const wedding = page.getByRole('list', { name: 'Budget by event' }).getByRole('listitem', { name: 'Wedding' });
  await expect(wedding).toContainText(written(weddingDay));
  await wedding.getByRole('button', { name: 'Edit the budget of Wedding' }).click();
  const eventDialog = page.getByRole('dialog', { name: 'Budget for Wedding' });
  await eventDialog.getByLabel('Amount in rupees').fill('3,50,000');
  await eventDialog.getByRole('button', { name: 'Save' }).click();
  await expect(eventDialog).toBeHidden();
  await expect(figure(wedding, 'Budget')).toHaveText('₹3,50,000.00');
  await expect(figure(planBudget, 'Given to events')).toHaveText('₹3,50,000.00');
  await expect(wedding).toContainText('No bookings or quotes for this event yet.');
  await expectNoSeriousViolations(page, 'The budget page, set');

  // the server's budget, on the plan page too
  await page.goto(`/plans/${planId}`);
  await expect(figure(page.getByRole('region', { name: 'Budget' }), 'Budget')).toHaveText('₹5,00,000.00');
  await expect(figure(page.getByRole('region', { name: 'Budget' }), 'Left')).toHaveText('₹5,00,000.00');

  // the whole checklist: what the wedding brings, each due so many days before it
  await page.getByRole('link', { name: 'See the whole checklist' }).click();
  await expect(page).toHaveURL(`/plans/${planId}/checklist`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checklist' })).toBeVisible();
  await expect(page.getByText('0 of 11 done')).toBeVisible();
  const task = (name: string) => page.getByRole('listitem', { name, exact: true });
  await expect(task('Book the venue')).toContainText(`Wedding · Due ${written(daysBefore(weddingDay, 180))}`);
  await expect(task('Book the venue')).toContainText('Overdue');
  await expect(task('Book the photographer')).toContainText(`Due ${written(daysBefore(weddingDay, 90))}`);
  await expect(task('Book the photographer')).not.toContainText('Overdue');
  await expect(task('Send the invitations')).toContainText(`Due ${written(daysBefore(weddingDay, 45))}`);
  await expect(task('Confirm timings with every vendor')).toContainText(`Due ${written(daysBefore(weddingDay, 3))}`);

  // the venue ticked with the keyboard alone: Tab from the grouping's buttons to its box, Space
  const venueBox = page.getByRole('checkbox', { name: 'Book the venue' });
  await expect(venueBox).not.toBeChecked();
  await page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Month' }).focus();
  for (let press = 0; press < 10 && !(await venueBox.evaluate((box) => box === document.activeElement)); press += 1) await page.keyboard.press('Tab');
  await expect(venueBox).toBeFocused();
  await page.keyboard.press('Space');
  await expect(venueBox).toBeChecked();
  await expect(page.getByText('1 of 11 done')).toBeVisible();
  await page.reload();
  await expect(venueBox).toBeChecked();
  await expect(page.getByText('1 of 11 done')).toBeVisible();

  // a task of their own, for the wedding, with a due date
  await appTakenOver(page);
  await page.getByRole('button', { name: 'Add a task' }).click();
  const taskDialog = page.getByRole('dialog', { name: 'Add your own task' });
  await taskDialog.getByLabel('Task', { exact: true }).fill('Book the dhol players for the baraat');
  await taskDialog.getByLabel('Due date (optional)').fill(inDays(30));
  await taskDialog.getByLabel('For', { exact: true }).selectOption({ label: 'Wedding' });
  await taskDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Task added')).toBeVisible();
  await expect(task('Book the dhol players for the baraat')).toContainText(`Wedding · Due ${written(inDays(30))}`);
  await expect(page.getByText('1 of 12 done')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete “Book the dhol players for the baraat”' })).toBeVisible();
  await expectNoSeriousViolations(page, 'The checklist, one task ticked and one added');

  // the plan page's next tasks follow: the venue is done
  await page.goto(`/plans/${planId}`);
  await expect(next).toHaveText([/^Book a wedding planner/, /^Book the photographer/, /^Book the caterer/]);
  await expect(page.getByRole('region', { name: 'Next on the checklist' })).toContainText('1 of 12 done');
});
