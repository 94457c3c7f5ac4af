import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { newPhoneDigits, signInThroughLoginPage } from '../support/auth';

const PHOTO = path.join(__dirname, '../support/fixtures/avatar.png');

async function fillBasicInformation(page: Page, name: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill('new.user@example.com');
  await page.getByLabel('Age').fill('31');
  await page.getByRole('radio', { name: 'Female' }).check();
}

test('a new phone number signs in, onboards with a photo and a service, and lands on Home', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const phone = newPhoneDigits();
  await signInThroughLoginPage(page, phone);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByLabel('Phone Number')).toHaveValue(new RegExp(phone));

  await fillBasicInformation(page, 'Meera Iyer');
  await page.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Which service are you looking for?')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByRole('radio', { name: 'Wedding Planning' }).check();
  await submit.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Utsav' })).toBeVisible();
});

test('onboarding without a photo, skipping the service step', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  await signInThroughLoginPage(page, newPhoneDigits());
  await expect(page).toHaveURL(/\/onboarding$/);
  await fillBasicInformation(page, 'Kabir Singh');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A returning user goes straight to Home, and a reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/$/);
});
