// A real consumer for the signed-in benchmarks: made through the Auth emulator and the API, then
// signed in through the Login page, so the browser holds the same session a user's would.
import { HOST_URL, PORTS } from './system.mjs';

const EMULATOR = `http://127.0.0.1:${PORTS.auth}`;
export const API = `http://127.0.0.1:${PORTS.api}`;

async function latestCode(phone) {
  for (let i = 0; i < 40; i += 1) {
    const { verificationCodes = [] } = await (await fetch(`${EMULATOR}/emulator/v1/projects/demo-utsav/verificationCodes`)).json();
    const mine = verificationCodes.filter((c) => c.phoneNumber === phone);
    if (mine.length) return mine[mine.length - 1].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code for ${phone}`);
}

async function send(method, url, body, token) {
  const response = await fetch(url, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw Object.assign(new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(answer)}`), { status: response.status });
  return answer;
}

/** Signs `phone` in with the emulator's code: a fresh ID token (its auth_time now) and the user's id. */
export async function signInByPhone(phone) {
  const identity = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;
  const { sessionInfo } = await send('POST', `${identity}/accounts:sendVerificationCode?key=k`, { phoneNumber: phone, recaptchaToken: 'x' });
  return send('POST', `${identity}/accounts:signInWithPhoneNumber?key=k`, { sessionInfo, code: await latestCode(phone) });
}

/** A new phone user, onboarded through the API. */
export async function createConsumer() {
  const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const phone = `+91${digits}`;
  const { localId, idToken } = await signInByPhone(phone);
  const profile = { name: 'Bench User', email: 'bench@example.com', age: 30, gender: 'other', phone, skippedService: true };
  await send('POST', `${API}/users/consumer/${localId}`, profile, idToken);
  // where the bench's booking request is for (a booking needs a saved address)
  const address = { label: 'Home', line1: '12 MG Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' };
  const { addressId } = await send('POST', `${API}/users/consumer/${localId}/addresses`, address, idToken);
  return { digits, phone, uid: localId, idToken, addressId, ...profile };
}

/** Signs `consumer` in through the Login page in `page` and waits for Home. */
export async function signInThroughLogin(page, consumer) {
  await page.goto(`${HOST_URL}/login`);
  // a server-rendered page takes input once the app has taken it over (host-shell/src/boot/rendered-page.ts HYDRATING)
  await page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached' });
  await page.getByLabel('Phone Number').fill(consumer.digits);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByPlaceholder('Enter 6-digit code').fill(await latestCode(consumer.phone));
  await page.getByRole('button', { name: 'Verify Phone Number' }).click();
  await page.waitForURL(`${HOST_URL}/`);
}

/** The first service a search finds, with its menus: a real seeded id for the Service detail page. */
export async function firstServiceFor(query) {
  const { results, total } = await send('GET', `${API}/services?q=${encodeURIComponent(query)}&limit=1`);
  if (!total) throw new Error(`the search "${query}" finds nothing: the bench needs a seeded catalog`);
  return send('GET', `${API}/services/${encodeURIComponent(results[0].serviceId)}`);
}

const indianDate = (daysAhead) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + daysAhead * 86_400_000));

/**
 * A booking request for `service`'s first package, so My Bookings has something to show: a week ahead, or
 * the first day after it the provider still has room on (the bench's data folder outlives a run, and each
 * run books this provider again).
 */
export async function requestBooking(consumer, service) {
  for (let daysAhead = 7; ; daysAhead += 1) {
    const day = indianDate(daysAhead);
    try {
      return await send(
        'POST',
        `${API}/bookings`,
        {
          consumerId: consumer.uid,
          consumerName: consumer.name,
          consumerEmail: consumer.email,
          bookingDate: indianDate(0),
          preferredDateRange: { from: day, to: day },
          preferredTime: { start: '10:00', end: '12:00' },
          menuId: service.menus[0].menuId,
          serviceId: service.serviceId,
          addressId: consumer.addressId,
          nocart: true,
        },
        consumer.idToken,
      );
    } catch (error) {
      if (error.status !== 409 || daysAhead >= 90) throw error;
    }
  }
}

/**
 * `consumer` also runs a listing (one person, two roles): claims a listing nobody runs with its local invite code
 * and sends it a request of their own, so the provider's inbox shows a request rather than its empty state.
 * Each run claims another listing (the bench's data folder outlives a run).
 */
export async function becomeProvider(consumer) {
  const { code } = await send('GET', `${API}/dev/provider-invite`);
  await send('POST', `${API}/provider/claim`, { code }, consumer.idToken);
  const { listings } = await send('GET', `${API}/provider/listings`, undefined, consumer.idToken);
  const service = await send('GET', `${API}/services/${encodeURIComponent(listings[0].services[0].id)}`);
  await requestBooking(consumer, service);
}
