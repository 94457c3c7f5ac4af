import { expect, test, type Page } from '../support/test';
import { createProfile, newPhoneDigits, signInOnboarded, signInThroughLoginPage, verifyPhoneOnLoginPage } from '../support/auth';
import { firstPackage } from '../support/catalog';
import { API_URL } from '../support/system';

async function serviceTitle(serviceId: string): Promise<string> {
  const service = (await (await fetch(`${API_URL}/services/${serviceId}`)).json()) as { title: string };
  return service.title;
}

async function onboardSkippingTheService(page: Page) {
  await page.getByLabel('Full Name').fill('Deep Link');
  await page.getByLabel('Email').fill('deep.link@example.com');
  await page.getByLabel('Age').fill('30');
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('a service link opened signed out survives sign-in and onboarding: a new user lands on that service', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const { serviceId } = await firstPackage();
  const title = await serviceTitle(serviceId);
  const next = encodeURIComponent(`/service/${serviceId}`);

  await page.goto(`/service/${serviceId}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${next}$`));
  await verifyPhoneOnLoginPage(page, newPhoneDigits());

  // a new number: the guard sends it through onboarding, still carrying the service
  await expect(page).toHaveURL(new RegExp(`/onboarding\\?next=${next}$`));
  await onboardSkippingTheService(page);

  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a returning user is taken to the link after the code; an external next lands on Home', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const { serviceId } = await firstPackage();
  const phone = newPhoneDigits();
  await createProfile(phone);

  await page.goto(`/login?next=${encodeURIComponent('https://evil.example/')}`);
  await verifyPhoneOnLoginPage(page, phone);
  await expect(page).toHaveURL(/localhost:3000\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // signed in already: /login?next= goes straight on, to an app page but never off the app
  for (const next of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await expect(page).toHaveURL(/localhost:3000\/$/);
  }
  await page.goto(`/login?next=${encodeURIComponent(`/service/${serviceId}/menu`)}`);
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/menu$`));
  await expect(page.getByRole('heading', { name: 'Available Packages' })).toBeVisible();
});

test('the back arrow on a detail page returns where the user came from, or up to its parent', { tag: ['@catalog'] }, async ({ page }) => {
  const { serviceId } = await firstPackage();
  await signInOnboarded(page);
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);

  // opened as a link: the first entry of the app
  await page.goto(`/service/${serviceId}`);
  const back = page.getByRole('button', { name: 'Back', exact: true });
  await expect(back).toBeVisible();
  const box = (await back.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(48);
  expect(box.height).toBeGreaterThanOrEqual(48);

  await page.getByRole('link', { name: 'View Menus' }).click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}/menu$`));
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}$`));

  // nothing of the app before it: up to the parent (Search), a tab root without an arrow
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
});

test('Terms of Service and Privacy Policy open from Login signed out, and lead back to it', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText(/Utsav is a marketplace/)).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/Never your card number, UPI id or bank details/)).toBeVisible();

  // opened directly, signed out: the back arrow goes Home, which asks for sign-in
  await page.goto('/terms');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('Sign out from onboarding returns to Login', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  await signInThroughLoginPage(page, newPhoneDigits());
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  // signed out for real: a guarded page asks for sign-in again
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/login\?next=%2Fbookings$/);
});
