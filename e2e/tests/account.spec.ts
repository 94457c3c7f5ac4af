import path from 'node:path';
import { expect, test } from '../support/test';
import { createProfile, newPhoneDigits, signInThroughLoginPage } from '../support/auth';

const PHOTO = path.join(__dirname, '../support/fixtures/avatar.png');

test('changing the name and photo in My Account shows in the shell at once', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const phone = newPhoneDigits();
  await createProfile(phone, 'Asha Verma');
  await signInThroughLoginPage(page, phone);
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'My account, Asha Verma' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAttribute('readonly', '');
  await page.getByLabel('Full name').fill('Asha Verma Rao');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'My account, Asha Verma Rao' })).toBeVisible();

  await page.locator('input[type="file"]').first().setInputFiles(PHOTO);
  await expect(page.getByText('Photo updated')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'My account, Asha Verma Rao' }).locator('img')).toHaveAttribute(
    'src',
    /\/uploads\//,
  );

  // Settings survive a reload.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const sms = page.getByRole('checkbox', { name: 'SMS' });
  await expect(sms).not.toBeChecked();
  await sms.check();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  // a phone-only account has no password: no Change Password form (issue 39)
  await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toHaveCount(0);
});

test('deleting the account signs out; the same phone then starts onboarding anew', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const phone = newPhoneDigits();
  await createProfile(phone, 'Kabir Das');
  await signInThroughLoginPage(page, phone);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account?tab=settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill('DELETE');
  await confirm.click();
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughLoginPage(page, phone);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('');
});
