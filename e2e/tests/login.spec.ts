import { expect, test } from '../support/test';
import { AUTH_EMULATOR, PROJECT_ID } from '../support/system';
import { createProfile, newPhoneDigits } from '../support/auth';
import { appTakenOver } from '../support/hydration';

/** Every code the Auth emulator holds for a number (it keeps them instead of texting), oldest first. */
async function codesFor(phoneE164: string): Promise<string[]> {
  const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
  const { verificationCodes = [] } = (await response.json()) as { verificationCodes?: { phoneNumber: string; code: string }[] };
  return verificationCodes.filter((c) => c.phoneNumber === phoneE164).map((c) => c.code);
}

/** Waits for a code the emulator did not hold before (`before` of them) and gives it. */
async function newCodeFor(phoneE164: string, before: number): Promise<string> {
  await expect.poll(async () => (await codesFor(phoneE164)).length, { message: `a new code for ${phoneE164}` }).toBeGreaterThan(before);
  return (await codesFor(phoneE164)).at(-1)!;
}

// issue 39: after "Change number", "Send Verification Code" stayed on "Sending…" and no code went out
test('changing the number on Login sends a code to the new number and signs in as it', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const first = newPhoneDigits();
  const second = newPhoneDigits();
  // the second number belongs to an onboarded consumer, so the shell shows whose session it is
  await createProfile(second, 'Neha Kapoor', { withAddress: false });
  const secondCodes = (await codesFor(`+91${second}`)).length;

  await page.goto('/login');
  await appTakenOver(page);
  await page.getByLabel('Phone Number').fill(first);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText(`We sent a code to +91 ${first}.`)).toBeVisible();
  await newCodeFor(`+91${first}`, 0);

  await page.getByRole('button', { name: 'Change number' }).click();
  await page.getByLabel('Phone Number').fill(second);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText(`We sent a code to +91 ${second}.`)).toBeVisible();
  const code = await newCodeFor(`+91${second}`, secondCodes);

  // a wrong code first: it says so and the right one still works
  await page.getByPlaceholder('Enter 6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify Phone Number' }).click();
  await expect(page.getByText('That code is not right. Check the SMS and try again.')).toBeVisible();
  await page.getByPlaceholder('Enter 6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify Phone Number' }).click();
  await expect(page.getByText('Phone number verified successfully!')).toBeVisible();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account, Neha Kapoor' })).toBeVisible();
});
