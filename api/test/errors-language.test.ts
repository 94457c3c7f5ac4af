import { randomUUID } from 'node:crypto';
import { planTransition, TRANSITIONS, type BookingAction, type BookingState } from '@utsav/contracts/booking-state';
import { BOOKING_STATUSES, FAILURE_REASONS } from '@utsav/contracts/schemas';
import { transitionRefused } from '../src/bookings/refusal';
import { apiText, loadApiMessages } from '../src/http/api-messages';
import { localeOfHeader } from '../src/http/request-locale';
import { HttpError, say } from '../src/http/http-error';
import { cancellationTerms } from '../src/payments/cancellation';
import type { BookingRow } from '../src/bookings/booking-rows';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { request, startTestServer, testConfig, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

/**
 * Errors and validation messages follow the page's language: the pages send it (Accept-Language) with each
 * call, and the API says its answer's `message` (and each issue's) in it. Without the header, or in any other
 * language, the English is word for word what it has always been.
 */

let server: TestServer;
let onboarded: TestUser;
let newcomer: TestUser;
beforeAll(async () => {
  [server, onboarded, newcomer] = await Promise.all([startTestServer(), signInWithPhone(), signInWithPhone()]);
  const created = await request(`${server.url}/users/consumer/${onboarded.uid}`, {
    token: onboarded.idToken,
    json: { name: 'Asha Verma', email: 'asha@example.in', age: 29, gender: 'female', phone: onboarded.phone, service: 'Facial', skippedService: false },
  });
  expect(created.status).toBe(201);
});
afterAll(() => server.close());

const HINDI = { 'Accept-Language': 'hi-IN' };
const inBoth = async (path: string, init: Parameters<typeof request>[1] = {}) => {
  const [english, hindi] = await Promise.all([
    request(`${server.url}${path}`, init),
    request(`${server.url}${path}`, { ...init, headers: { ...init.headers, ...HINDI } }),
  ]);
  expect(hindi.status).toBe(english.status);
  return { english, hindi };
};

const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const booking = (overrides: Record<string, unknown> = {}) => ({
  consumerId: onboarded.uid,
  bookingDate: inTenDays,
  preferredDateRange: { from: inTenDays, to: inTenDays },
  preferredTime: { start: '10:00', end: '12:00' },
  serviceId: randomUUID(),
  menuId: randomUUID(),
  addressId: randomUUID(),
  ...overrides,
});

test('an error is made from a message id of the catalogue, never from English (the typecheck refuses it)', () => {
  // @ts-expect-error: English words are not a message id
  const fromEnglish = () => new HttpError(404, 'Booking not found');
  expect(fromEnglish).toBeInstanceOf(Function);
  const error = new HttpError(404, 'booking.notFound');
  expect({ code: error.code, english: error.message, answer: error.answer('hi-IN') }).toEqual({
    code: 'booking.notFound',
    english: 'Booking not found',
    answer: { code: 'booking.notFound', params: {}, message: apiText('hi-IN', 'booking.notFound') },
  });
});

test('every error answer is { code, params, message }: the message id, its values, and its words in the request\'s language', async () => {
  const outOfRange = await inBoth(`/services/${randomUUID()}/availability?month=2001-01`);
  expect(outOfRange.english.status).toBe(400);
  const { first, last } = outOfRange.english.body.params as { first: string; last: string };
  expect(first).toMatch(/^\d{4}-\d{2}$/);
  expect(outOfRange.english.body).toEqual({
    code: 'booking.monthOutOfRange',
    params: { first, last },
    message: `month must be between ${first} and ${last}, the months a booking can be made in`,
  });
  expect(outOfRange.hindi.body).toMatchObject({ code: 'booking.monthOutOfRange', params: { first, last } });
  expect(outOfRange.hindi.body.message).toBe(apiText('hi-IN', 'booking.monthOutOfRange', { first, last }));
  expect(outOfRange.hindi.body.message).not.toBe(outOfRange.english.body.message);

  // a fixed message has no values; Fastify's own refusals and unknown routes speak the same way
  const missing = await inBoth(`/bookings/${randomUUID()}`, { token: onboarded.idToken });
  expect(missing.english.body).toEqual({ code: 'booking.notFound', params: {}, message: 'Booking not found' });
  expect(missing.hindi.body).toEqual({ code: 'booking.notFound', params: {}, message: apiText('hi-IN', 'booking.notFound') });
  const badJson = await request(`${server.url}/users/consumer/${onboarded.uid}/addresses`, {
    token: onboarded.idToken,
    body: '{"label":',
    headers: { 'Content-Type': 'application/json' },
  });
  expect(badJson).toMatchObject({ status: 400, body: { code: 'http.invalidJson', params: {}, message: 'Request body is not valid JSON' } });
  const nowhere = await request(`${server.url}/no/such/route`);
  expect(nowhere.body).toEqual({ code: 'http.routeNotFound', params: { method: 'GET', path: '/no/such/route' }, message: 'Not found: GET /no/such/route' });
});

test('a 400 of validation: the message and each issue in Hindi with Accept-Language: hi-IN, the same English as ever without', async () => {
  const { english, hindi } = await inBoth(`/users/consumer/${onboarded.uid}`, {
    token: onboarded.idToken,
    json: { name: '  ', email: 'asha', age: 29, gender: 'female', phone: onboarded.phone, skippedService: true },
  });
  expect(english.status).toBe(400);
  expect(english.body).toEqual({
    code: 'http.invalidInput',
    params: { issues: 'name: Full name is required; email: Please enter a valid email' },
    message: 'name: Full name is required; email: Please enter a valid email',
    issues: [
      { path: 'name', message: 'Full name is required' },
      { path: 'email', message: 'Please enter a valid email' },
    ],
  });
  expect(hindi.body).toEqual({
    code: 'http.invalidInput',
    params: { issues: 'name: पूरा नाम ज़रूरी है; email: कृपया सही ईमेल डालें' },
    message: 'name: पूरा नाम ज़रूरी है; email: कृपया सही ईमेल डालें',
    issues: [
      { path: 'name', message: 'पूरा नाम ज़रूरी है' },
      { path: 'email', message: 'कृपया सही ईमेल डालें' },
    ],
  });

  const search = await inBoth('/services?category=Plumbing');
  expect(search.english.body.message).toBe('category: Unknown category');
  expect(search.hindi.body.message).toBe('category: यह कैटेगरी नहीं है');
});

test("a check with no message of its own keeps zod's English, and in Hindi says the value is not valid", async () => {
  const { english, hindi } = await inBoth('/bookings', { token: onboarded.idToken, json: booking({ serviceId: 42 }) });
  expect(english.status).toBe(400);
  expect(english.body.message).toMatch(/^serviceId: Invalid input: expected string, received number$/);
  expect(hindi.body.message).toBe('serviceId: यह मान्य नहीं है');
});

test("a slot rule's 400 (checked after the body's schema) is said in the request's language too", async () => {
  const { english, hindi } = await inBoth('/bookings', { token: onboarded.idToken, json: booking({ preferredTime: { start: '12:00', end: '10:00' } }) });
  expect(english.status).toBe(400);
  expect(english.body.message).toBe('The end time must be after the start time.');
  expect(hindi.body.message).toBe('ख़त्म होने का समय शुरू के समय के बाद होना चाहिए।');
  expect(hindi.body.issues).toEqual([{ path: 'preferredTime.end', message: 'ख़त्म होने का समय शुरू के समय के बाद होना चाहिए।' }]);
});

test('a 404 and a 409 in Hindi, word for word in English without the header', async () => {
  const missing = await inBoth(`/services/${randomUUID()}`);
  expect(missing.english.status).toBe(404);
  expect(missing.english.body).toEqual({ ...errorSaying('Service not found'), total: 0 });
  expect(missing.hindi.body).toEqual({ ...errorSaying('सेवा नहीं मिली'), total: 0 });

  const ownBooking = await inBoth(`/bookings/${randomUUID()}`, { token: onboarded.idToken });
  expect(ownBooking.english.body).toEqual(errorSaying('Booking not found'));
  expect(ownBooking.hindi.body).toEqual(errorSaying('बुकिंग नहीं मिली'));

  const noProfile = await inBoth('/bookings', { token: newcomer.idToken, json: booking({ consumerId: newcomer.uid }) });
  expect(noProfile.english.status).toBe(409);
  expect(noProfile.english.body).toEqual(errorSaying('Complete your profile before booking: the booking carries the name and email saved in it.'));
  expect(noProfile.hindi.body).toEqual(errorSaying('बुक करने से पहले अपनी प्रोफ़ाइल पूरी करें: बुकिंग में वही नाम और ईमेल जाते हैं जो उसमें सेव हैं।'));
});

test("the API's own answers: signed out (401), an unknown route, bad JSON — each in the request's language", async () => {
  const signedOut = await inBoth(`/bookings/${randomUUID()}`);
  expect(signedOut.english.status).toBe(401);
  expect(signedOut.english.body.message).toBe('Sign in required: send Authorization: Bearer <Firebase ID token>.');
  expect(signedOut.hindi.body.message).toBe('साइन इन करना ज़रूरी है: Authorization: Bearer <Firebase ID token> भेजें।');

  const route = await inBoth('/no-such-page?x=1');
  expect(route.english.body).toEqual(errorSaying('Not found: GET /no-such-page'));
  expect(route.hindi.body).toEqual(errorSaying('नहीं मिला: GET /no-such-page'));

  const json = await inBoth('/bookings', { token: onboarded.idToken, body: '{"consumerId":', headers: { 'Content-Type': 'application/json' } });
  expect(json.english.status).toBe(400);
  expect(json.english.body.message).toBe('Request body is not valid JSON');
  expect(json.hindi.body.message).toBe('अनुरोध सही JSON नहीं है');
});

test('Hindi when the first language asked for is Hindi; English for anything else', async () => {
  expect(localeOfHeader('hi')).toBe('hi-IN');
  expect(localeOfHeader('hi-IN,en;q=0.8')).toBe('hi-IN');
  expect(localeOfHeader('en-GB,hi;q=0.9')).toBe('en-IN');
  expect(localeOfHeader('en;q=0.5, hi;q=0.9')).toBe('hi-IN');
  expect(localeOfHeader('fr-FR')).toBe('en-IN');
  expect(localeOfHeader(undefined)).toBe('en-IN');
  const other = await request(`${server.url}/services/${randomUUID()}`, { headers: { 'Accept-Language': 'fr-FR,hi;q=0.5' } });
  expect(other.body.message).toBe('Service not found');
});

test('a page on another origin may send its language (CORS)', async () => {
  const [origin] = testConfig().APP_ORIGINS;
  const response = await fetch(`${server.url}/bookings`, {
    method: 'OPTIONS',
    headers: { Origin: origin!, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'accept-language,authorization,content-type' },
  });
  expect(response.status).toBeLessThan(300);
  expect(response.headers.get('access-control-allow-headers')).toMatch(/Accept-Language/);
});

describe('words the API says that are not a fixed text', () => {
  beforeAll(() => loadApiMessages());

  it('every refusal of the booking state machine is said in Hindi (its rule and the state)', () => {
    const states = BOOKING_STATUSES.flatMap((status): BookingState[] =>
      status === 'failed' ? FAILURE_REASONS.map((failureReason) => ({ status, failureReason })) : [{ status, failureReason: null }],
    );
    let refusals = 0;
    for (const action of Object.keys(TRANSITIONS) as BookingAction[]) {
      for (const state of states) {
        const plan = planTransition(state, action);
        if (plan.ok) continue;
        refusals += 1;
        const error = transitionRefused(plan);
        expect(error.message).toBe(plan.message);
        // the catalogue's English of the words is the state machine's sentence: the two cannot part
        expect(say('en-IN', error.words)).toBe(plan.message);
        expect(say('hi-IN', error.words)).not.toMatch(/[a-z]{4}/);
      }
    }
    expect(refusals).toBeGreaterThan(20);
    const accepted = planTransition({ status: 'accepted', failureReason: null }, 'accept');
    expect(accepted.ok).toBe(false);
    expect(accepted.ok ? undefined : say('hi-IN', transitionRefused(accepted).words)).toBe(
      'सिर्फ़ अनुरोध वाली बुकिंग ही स्वीकार की जा सकती है (यह बुकिंग स्वीकार की गई है)।',
    );
  });

  it("the cancellation terms' rules in the request's language", () => {
    const row = { id: 'b1', status: 'confirmed', amount: 1_000_000, date_from: '2030-01-10', time_start: '10:00' } as BookingRow;
    const english = cancellationTerms(row, new Date('2029-12-01T00:00:00Z'));
    expect(english.rule).toBe('More than 7 days before the start: the whole advance back');
    const hindi = cancellationTerms(row, new Date('2029-12-01T00:00:00Z'), 'hi-IN');
    expect(hindi).toMatchObject({ refund: english.refund, rule: 'शुरू होने से 7 दिन से ज़्यादा पहले: पूरा एडवांस वापस', notRefunded: 'प्लेटफ़ॉर्म फ़ीस और उस पर लगा GST वापस नहीं होता।' });
    expect(hindi.rules).toHaveLength(3);
  });

  it('each English text of the catalogue renders exactly as written (what the reverse lookup matches)', () => {
    const raw = jest.requireActual<Record<string, string>>('../src/locales/en-IN.json');
    expect(Object.keys(raw).length).toBeGreaterThan(100);
    expect(apiText('en-IN', 'booking.notFound')).toBe('Booking not found');
    expect(apiText('en-IN', 'auth.badHeader')).toBe('The Authorization header must be "Bearer <Firebase ID token>".');
    expect(apiText('hi-IN', 'time.seconds', { count: 30 })).toBe('30 सेकंड');
  });
});
