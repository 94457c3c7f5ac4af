import { expect, type Page } from '@playwright/test';
import { appTakenOver } from './hydration';
import { duringSignIn } from './test';
import { API_URL, AUTH_EMULATOR, MESSAGES_URL, PROJECT_ID } from './system';

/** A fresh Indian mobile number (10 digits) per call, so tests never share a user. */
export function newPhoneDigits(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

interface VerificationCode {
  phoneNumber: string;
  code: string;
  sessionInfo: string;
}

/** The latest code the Auth emulator "sent" to this number (it keeps them instead of texting). */
export async function latestCodeFor(phoneE164: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
    const { verificationCodes = [] } = (await response.json()) as { verificationCodes?: VerificationCode[] };
    const mine = verificationCodes.filter((c) => c.phoneNumber === phoneE164);
    if (mine.length) return mine[mine.length - 1]!.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification code was sent to ${phoneE164}`);
}

const key = 'fake-api-key';
const identity = (method: string) => `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${key}`;

/** Signs a phone number in through the emulator's REST API (outside the browser): its uid and ID token. */
export async function signInByRest(phoneE164: string): Promise<{ uid: string; idToken: string }> {
  const sent = await fetch(identity('sendVerificationCode'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phoneNumber: phoneE164, recaptchaToken: 'ignored' }),
  });
  const { sessionInfo } = (await sent.json()) as { sessionInfo: string };
  const code = await latestCodeFor(phoneE164);
  const signed = await fetch(identity('signInWithPhoneNumber'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionInfo, code }),
  });
  const body = (await signed.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** The saved address every onboarded test user has (unless asked not to): the slot page chooses it. */
export const E2E_ADDRESS = { label: 'Home', line1: '12 MG Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' } as const;
/** E2E_ADDRESS as every page writes it. */
export const E2E_ADDRESS_LINE = '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038';

/**
 * Gives the number a complete profile through the real users API, as onboarding would, and (unless
 * `withAddress: false`) the saved address E2E_ADDRESS, as the slot page's address form would.
 */
export async function createProfile(
  phoneDigits: string,
  name = 'Asha Verma',
  { withAddress = true, verifyEmail = false }: { withAddress?: boolean; verifyEmail?: boolean } = {},
): Promise<string> {
  const { uid, idToken } = await signInByRest(`+91${phoneDigits}`);
  // each consumer's own address: a verification link is found in the mail catcher by it
  const email = `asha.${phoneDigits}@example.com`;
  const response = await fetch(`${API_URL}/users/consumer/${uid}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      name,
      email,
      age: 29,
      gender: 'female',
      phone: `+91${phoneDigits}`,
      service: 'Wedding Planning',
      skippedService: false,
    }),
  });
  expect(response.ok, `profile creation answered ${response.status}`).toBe(true);
  if (withAddress) {
    const saved = await fetch(`${API_URL}/users/consumer/${uid}/addresses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify(E2E_ADDRESS),
    });
    expect(saved.status, `saving the address answered ${saved.status}`).toBe(201);
  }
  if (verifyEmail) await verifyEmailAddress(uid, idToken, email);
  return uid;
}

/**
 * Verifies the profile's email as its owner does (issue 34): asks for the link, finds it in the local mail
 * catcher (the API's sender delivers it within its interval), opens it. Emails about bookings go only to a
 * verified address.
 */
async function verifyEmailAddress(uid: string, idToken: string, email: string): Promise<void> {
  const asked = await fetch(`${API_URL}/users/consumer/${uid}/email-verification`, { method: 'POST', headers: { Authorization: `Bearer ${idToken}` } });
  expect(asked.status, `asking for the verification link answered ${asked.status}`).toBe(202);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const { emails } = (await (await fetch(`${MESSAGES_URL}/emails?to=${encodeURIComponent(email)}`)).json()) as { emails: { text: string }[] };
        token = emails.map((caught) => /\/email-verification\/([A-Za-z0-9_-]{43})/.exec(caught.text)?.[1]).find(Boolean);
        return token;
      },
      { message: `the verification email to ${email}`, timeout: 20_000 },
    )
    .toBeTruthy();
  const opened = await fetch(`${API_URL}/email-verification/${token}`, { redirect: 'manual' });
  expect(opened.status, `the verification link answered ${opened.status}`).toBe(303);
}

/** Signs in through the Login page with the code the emulator holds. */
export async function signInThroughLoginPage(page: Page, phoneDigits: string): Promise<void> {
  await page.goto('/login');
  await verifyPhoneOnLoginPage(page, phoneDigits);
}

/** On the Login page already open (e.g. /login?next=… after the guard): phone, the emulator's code, verified. */
export async function verifyPhoneOnLoginPage(page: Page, phoneDigits: string): Promise<void> {
  await appTakenOver(page);
  await page.getByLabel('Phone Number').fill(phoneDigits);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  const code = await latestCodeFor(`+91${phoneDigits}`);
  await page.getByPlaceholder('Enter 6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify Phone Number' }).click();
  await expect(page.getByText('Phone number verified successfully!')).toBeVisible();
}

/** A returning, onboarded consumer (with the saved address E2E_ADDRESS unless `withAddress: false`), signed in and on Home. */
export async function signInOnboarded(page: Page, options: { withAddress?: boolean; verifyEmail?: boolean } = {}): Promise<string> {
  const phone = newPhoneDigits();
  await createProfile(phone, undefined, options);
  // the Login page and Home on the way in are not the test's own routes (support/test.ts)
  await duringSignIn(page, async () => {
    await signInThroughLoginPage(page, phone);
    await expect(page).toHaveURL(/\/$/);
  });
  return phone;
}
