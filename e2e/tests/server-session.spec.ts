import { expect, test, type BrowserContext } from '../support/test';
import { createProfile, newPhoneDigits, signInThroughLoginPage } from '../support/auth';
import { API_URL } from '../support/system';

/** The host server's session cookie and its readable marker, as the browser holds them. */
async function serverSession(context: BrowserContext) {
  const cookies = await context.cookies();
  return { cookie: cookies.find((c) => c.name === '__session'), marker: cookies.find((c) => c.name === 'utsav_session') };
}

/** What the API makes of the cookie, sent as the host server will send it. */
async function apiAsSession(sessionCookie: string) {
  const answer = await fetch(`${API_URL}/cart`, { headers: { Authorization: `Session ${sessionCookie}` } });
  return { status: answer.status, body: (await answer.json()) as { consumerId?: string; message?: string } };
}

test('signing in gives the host server a Firebase session cookie (HttpOnly, SameSite=Lax) the API takes; signing out clears it', { tag: ['@account', '@catalog'] }, async ({ page, context }) => {
  const phone = newPhoneDigits();
  const uid = await createProfile(phone, 'Meera Iyer');
  await signInThroughLoginPage(page, phone);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await serverSession(context)).cookie?.value ?? '').not.toBe('');

  const { cookie, marker } = await serverSession(context);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
  // two weeks, Firebase's longest session
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);
  expect(marker).toMatchObject({ value: uid, httpOnly: false });
  // the page's scripts cannot read the cookie itself
  expect(await page.evaluate(() => document.cookie)).not.toContain('__session');
  expect(await apiAsSession(cookie!.value)).toEqual({ status: 200, body: expect.objectContaining({ consumerId: uid }) });

  // a reload of a signed-in page asks the server for nothing more
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/session') sessionCalls.push(request.method());
  });
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(sessionCalls).toEqual([]);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await serverSession(context)).cookie).toBeUndefined();
  expect((await serverSession(context)).marker).toBeUndefined();
});

test('deleting the account clears the session cookie and the API refuses the old one', { tag: ['@account', '@catalog'] }, async ({ page, context }) => {
  const phone = newPhoneDigits();
  await createProfile(phone, 'Kabir Das');
  await signInThroughLoginPage(page, phone);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await serverSession(context)).cookie?.value ?? '').not.toBe('');
  const old = (await serverSession(context)).cookie!.value;

  await page.goto('/account?tab=settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await serverSession(context)).cookie).toBeUndefined();
  expect((await apiAsSession(old)).status).toBe(401);
});
