import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { SESSION_READS_ONLY } from '../../src/auth/auth-plugin';
import { signInWithPhone, withClaims, EMULATOR_ORIGIN, PROJECT_ID } from '../support/auth-emulator';
import { bookingPayload, FIXTURE_ADDRESS, fixtureAddressId, inDays } from '../support/bookings';
import { photoForm, tinyPng } from '../support/images';
import { secretsOf, startSecurityWorld, userWithData, type SecurityWorld, type UserWithData } from '../support/security-fixtures';
import { request } from '../support/test-server';
import { errorAnswer, errorSaying } from '../support/error-answers';

/**
 * Every route of the app, from its own route table: each is either public (listed here, on purpose) or
 * user-scoped, and then gets the whole matrix below. A new route that is in neither list fails the first test.
 */
const PUBLIC_ROUTES = [
  'OPTIONS *', // CORS preflight
  'GET /health',
  'GET /ready', // the load balancer's readiness probe: 503 while the instance drains for a shutdown
  'GET /services',
  'GET /services/popular',
  'GET /services/latest',
  'GET /services/:serviceId',
  'GET /services/:serviceId/reviews',
  'GET /services/:sid/availability', // the slot calendar's full and blocked days: no one's bookings are named
  'GET /menus/:menuId',
  'GET /media/services/:fileName',
  'GET /uploads/:fileName', // shown in <img>; the name is 128 random bits
  'GET /payment/config',
  'POST /payment/webhook', // authenticated by the body's HMAC, not a user
  'GET /offers',
  'GET /email-verification/:token', // the link in the email: its 256-bit token is the credential (stored hashed)
  'GET /shared-plans/:token', // a plan shared read-only with family: its 256-bit token is the credential (stored hashed)
  // the published contract and its reference page (@fastify/swagger-ui's files)
  'GET /openapi.json',
  // no user's: Prometheus's, with its own bearer token (METRICS_TOKEN; test/metrics.test.ts)
  'GET /metrics',
  // anonymous: a page's web vitals, by route pattern (test/metrics.test.ts)
  'POST /vitals',
  'GET /docs',
  'GET /docs/json',
  'GET /docs/yaml',
  'GET /docs/static/*',
  'GET /docs/static/index.html',
  'GET /docs/static/swagger-initializer.js',
];

interface Probe {
  /** the url, aimed at the owner's resources */
  path: (owner: UserWithData) => string;
  json?: (owner: UserWithData, caller: UserWithData) => unknown;
  form?: () => FormData;
  /** what another signed-in user gets: refused with one of these, or 'own' (the route only ever shows the caller's own data) */
  otherUser: number[] | 'own';
  /** for an 'own' route, what the caller's own answer holds (by default their id as `consumerId`) */
  ownAnswer?: (caller: UserWithData) => unknown;
  /**
   * the other user is someone who has just signed in, not the intruder: the route ends the caller's sign-in
   * (sign out of all devices), or takes only a recent one (making a server session)
   */
  freshCaller?: true;
}

const newProfile = (owner: UserWithData) => ({ ...owner.profile, name: 'Hijacked', age: 40, gender: 'male', skippedService: true });
const slot = (world: SecurityWorld) => world.catalog.providerB.menus[1];

let world: SecurityWorld;
let owner: UserWithData;
let intruder: UserWithData;
/** the owner's server session (what the host server renders their pages with) */
let ownerSession: string;

const USER_SCOPED: Record<string, Probe> = {
  // only ever the caller's own session
  'POST /auth/session-cookie': { path: () => '/auth/session-cookie', otherUser: 'own', freshCaller: true },
  'GET /auth/session': { path: () => '/auth/session', otherUser: 'own' },
  // ends the server session it is called with: an ID token names none (400); the session's own test is below
  'DELETE /auth/session': { path: () => '/auth/session', otherUser: [400] },
  // sign out of all devices: only ever the caller's own sessions
  'DELETE /auth/sessions': { path: () => '/auth/sessions', otherUser: 'own', freshCaller: true },
  'GET /users/consumer/:uid': { path: (o) => `/users/consumer/${o.user.uid}`, otherUser: [403] },
  'POST /users/consumer/:uid': { path: (o) => `/users/consumer/${o.user.uid}`, json: newProfile, otherUser: [403] },
  'PUT /users/consumer/:uid/settings': {
    path: (o) => `/users/consumer/${o.user.uid}/settings`,
    json: () => ({ notifications: { email: false, sms: true, push: false } }),
    otherUser: [403],
  },
  'PUT /users/consumer/:uid/language': {
    path: (o) => `/users/consumer/${o.user.uid}/language`,
    json: () => ({ language: 'hi-IN' }),
    otherUser: [403],
  },
  'GET /users/consumer/:uid/email-verification': { path: (o) => `/users/consumer/${o.user.uid}/email-verification`, otherUser: [403] },
  'POST /users/consumer/:uid/email-verification': { path: (o) => `/users/consumer/${o.user.uid}/email-verification`, otherUser: [403] },
  'DELETE /users/consumer/:uid': { path: (o) => `/users/consumer/${o.user.uid}`, otherUser: [403] },
  'GET /users/consumer/:uid/addresses': { path: (o) => `/users/consumer/${o.user.uid}/addresses`, otherUser: [403] },
  'GET /users/:uid/events': { path: (o) => `/users/${o.user.uid}/events`, otherUser: [403] },
  'GET /users/:uid/notifications': { path: (o) => `/users/${o.user.uid}/notifications`, otherUser: [403] },
  'POST /users/:uid/notifications/read': { path: (o) => `/users/${o.user.uid}/notifications/read`, json: () => ({ upTo: '1' }), otherUser: [403] },
  'POST /users/consumer/:uid/addresses': { path: (o) => `/users/consumer/${o.user.uid}/addresses`, json: () => FIXTURE_ADDRESS, otherUser: [403] },
  'PUT /users/consumer/:uid/addresses/:addressId': {
    path: (o) => `/users/consumer/${o.user.uid}/addresses/${o.addressId}`,
    json: () => ({ ...FIXTURE_ADDRESS, line1: 'Hijacked' }),
    otherUser: [403],
  },
  'DELETE /users/consumer/:uid/addresses/:addressId': { path: (o) => `/users/consumer/${o.user.uid}/addresses/${o.addressId}`, otherUser: [403] },
  'POST /users/consumer/upload/:uid': { path: (o) => `/users/consumer/upload/${o.user.uid}`, form: () => photoForm(tinyPng([1, 2, 3])), otherUser: [403] },
  'POST /bookings': { path: () => '/bookings', json: (o) => bookingPayload(o.user, slot(world)), otherUser: [403] },
  'GET /bookings/user/:uid': { path: (o) => `/bookings/user/${o.user.uid}`, otherUser: [403] },
  'GET /bookings/:bid': { path: (o) => `/bookings/${o.bookingId}`, otherUser: [403, 404] },
  'POST /bookings/:bid/cancel': { path: (o) => `/bookings/${o.bookingId}/cancel`, otherUser: [403, 404] },
  'POST /bookings/:bid/withdraw': { path: (o) => `/bookings/${o.bookingId}/withdraw`, otherUser: [403, 404] },
  'GET /bookings/:bid/cancellation': { path: (o) => `/bookings/${o.bookingId}/cancellation`, otherUser: [403, 404] },
  'POST /bookings/:bid/review': { path: (o) => `/bookings/${o.bookingId}/review`, json: () => ({ rating: 1, text: 'Hijacked' }), otherUser: [403, 404] },
  'GET /bookings/:bid/invoice': { path: (o) => `/bookings/${o.bookingId}/invoice`, otherUser: [403, 404] },
  'GET /bookings/:bid/history': { path: (o) => `/bookings/${o.bookingId}/history`, otherUser: [403, 404] },
  'POST /bookings/:bid/reschedule': {
    path: (o) => `/bookings/${o.bookingId}/reschedule`,
    json: () => ({ preferredDateRange: { from: inDays(40), to: inDays(40) }, preferredTime: { start: '10:00', end: '12:00' } }),
    otherUser: [403, 404],
  },
  'POST /provider/bookings/:bid/reschedule/accept': { path: (o) => `/provider/bookings/${o.bookingId}/reschedule/accept`, otherUser: [403, 404] },
  'POST /provider/bookings/:bid/reschedule/decline': {
    path: (o) => `/provider/bookings/${o.bookingId}/reschedule/decline`,
    json: () => ({ reason: 'other', note: 'Hijacked' }),
    otherUser: [403, 404],
  },
  'GET /cart': { path: () => '/cart', otherUser: 'own' },
  // a count of the caller's own cart (cart.test.ts shows one user's count never moves with another's cart)
  'GET /cart/count': { path: () => '/cart/count', otherUser: 'own', ownAnswer: () => ({ count: expect.any(Number) }) },
  'POST /cart/items': {
    path: () => '/cart/items',
    json: (_owner, caller) => {
      const menu = slot(world);
      const { preferredDateRange, preferredTime } = bookingPayload(owner.user, menu);
      return { serviceId: menu.serviceId, menuId: menu.id, preferredDateRange, preferredTime, addressId: fixtureAddressId(caller.user) };
    },
    otherUser: 'own',
  },
  'DELETE /cart/items/:id': { path: (o) => `/cart/items/${o.cartItemId}`, otherUser: [404] },
  // only ever the caller's own cart: a total of 0 is never the intruder's (their cart holds an item), so it is
  // refused with nothing booked, and the owner's cart is untouched (checked at the end)
  'POST /checkout': { path: () => '/checkout', json: () => ({ expectedTotal: 0 }), otherUser: [409] },
  'GET /provider/bookings': { path: () => '/provider/bookings', otherUser: [403] },
  // a code nobody was given: the intruder claims nothing; the listings are only ever the caller's own (none)
  'POST /provider/claim': { path: () => '/provider/claim', json: () => ({ code: 'ZZZZZ-ZZZZZ' }), otherUser: [404] },
  'GET /provider/listings': { path: () => '/provider/listings', otherUser: 'own', ownAnswer: () => ({ listings: [] }) },
  'POST /provider/bookings/:bid/accept': { path: (o) => `/provider/bookings/${o.bookingId}/accept`, otherUser: [403, 404] },
  'POST /provider/bookings/:bid/decline': { path: (o) => `/provider/bookings/${o.bookingId}/decline`, json: () => ({ reason: 'fully_booked' }), otherUser: [403, 404] },
  // a booking as its provider sees it, and its history: only the account that runs its listing (neither user here)
  'GET /provider/bookings/:bid': { path: (o) => `/provider/bookings/${o.bookingId}`, otherUser: [403, 404] },
  'GET /provider/bookings/:bid/history': { path: (o) => `/provider/bookings/${o.bookingId}/history`, otherUser: [403, 404] },
  // a provider's days: only its owner's account (the world's providers are run by neither user)
  'GET /provider/:pid/availability': { path: () => `/provider/${world.catalog.providerA.id}/availability`, otherUser: [403] },
  'PUT /provider/:pid/availability': { path: () => `/provider/${world.catalog.providerA.id}/availability`, json: () => ({ dailyCapacity: 7 }), otherUser: [403] },
  'PUT /provider/:pid/blocked-days/:date': {
    path: () => `/provider/${world.catalog.providerA.id}/blocked-days/${inDays(30)}`,
    json: () => ({ reason: 'Hijacked' }),
    otherUser: [403],
  },
  'DELETE /provider/:pid/blocked-days/:date': { path: () => `/provider/${world.catalog.providerA.id}/blocked-days/${inDays(30)}`, otherUser: [403] },
  // its earnings (issue 36, item 6): only its owner's account
  'GET /provider/:pid/earnings': { path: () => `/provider/${world.catalog.providerA.id}/earnings`, otherUser: [403] },
  'GET /provider/:pid/earnings.csv': { path: () => `/provider/${world.catalog.providerA.id}/earnings.csv`, otherUser: [403] },
  // its reviews and its one reply to each (issue 36, item 7): only its owner's account, checked before the review is looked up
  'GET /provider/:pid/reviews': { path: () => `/provider/${world.catalog.providerA.id}/reviews`, otherUser: [403] },
  'POST /provider/:pid/reviews/:rid/reply': {
    path: () => `/provider/${world.catalog.providerA.id}/reviews/00000000-0000-4000-8000-00000000000a/reply`,
    json: () => ({ text: 'Hijacked' }),
    otherUser: [403],
  },
  // wedding plans (issue 37): another user's plan or event is a 404, as if it were not there
  'GET /plans': { path: () => '/plans', otherUser: 'own', ownAnswer: (caller) => [{ planId: caller.planId }] },
  'POST /plans': { path: () => '/plans', json: () => ({ title: 'Hijacked', from: inDays(60), to: inDays(61) }), otherUser: 'own', ownAnswer: () => ({ title: 'Hijacked' }) },
  'GET /plans/:planId': { path: (o) => `/plans/${o.planId}`, otherUser: [404] },
  'PATCH /plans/:planId': { path: (o) => `/plans/${o.planId}`, json: () => ({ title: 'Hijacked' }), otherUser: [404] },
  'DELETE /plans/:planId': { path: (o) => `/plans/${o.planId}`, otherUser: [404] },
  'POST /plans/:planId/events': { path: (o) => `/plans/${o.planId}/events`, json: () => ({ kind: 'haldi', date: inDays(60), guests: 5 }), otherUser: [404] },
  'PATCH /plans/:planId/events/:eventId': { path: (o) => `/plans/${o.planId}/events/${o.eventId}`, json: () => ({ guests: 1 }), otherUser: [404] },
  'DELETE /plans/:planId/events/:eventId': { path: (o) => `/plans/${o.planId}/events/${o.eventId}`, otherUser: [404] },
  // a plan's budget and checklist (issue 37, item 5): another user's plan, event or task is a 404, as if it were not there
  'GET /plans/:planId/budget': { path: (o) => `/plans/${o.planId}/budget`, otherUser: [404] },
  'PUT /plans/:planId/budget': { path: (o) => `/plans/${o.planId}/budget`, json: () => ({ amount: 100 }), otherUser: [404] },
  'PUT /plans/:planId/events/:eventId/budget': { path: (o) => `/plans/${o.planId}/events/${o.eventId}/budget`, json: () => ({ amount: 100 }), otherUser: [404] },
  'GET /plans/:planId/checklist': { path: (o) => `/plans/${o.planId}/checklist`, otherUser: [404] },
  'POST /plans/:planId/checklist': { path: (o) => `/plans/${o.planId}/checklist`, json: () => ({ title: 'Hijacked' }), otherUser: [404] },
  'PATCH /plans/:planId/checklist/:taskId': { path: (o) => `/plans/${o.planId}/checklist/${o.eventId}.venue`, json: () => ({ title: 'Hijacked' }), otherUser: [404] },
  'DELETE /plans/:planId/checklist/:taskId': { path: (o) => `/plans/${o.planId}/checklist/${o.eventId}.venue`, otherUser: [404] },
  'PUT /plans/:planId/checklist/:taskId/done': { path: (o) => `/plans/${o.planId}/checklist/${o.eventId}.venue/done`, otherUser: [404] },
  'DELETE /plans/:planId/checklist/:taskId/done': { path: (o) => `/plans/${o.planId}/checklist/${o.eventId}.venue/done`, otherUser: [404] },
  // its read-only link (issue 37, item 5): another user's plan is a 404 whether or not it is shared
  'GET /plans/:planId/share': { path: (o) => `/plans/${o.planId}/share`, otherUser: [404] },
  'POST /plans/:planId/share': { path: (o) => `/plans/${o.planId}/share`, json: () => ({ showPrices: true }), otherUser: [404] },
  'PATCH /plans/:planId/share': { path: (o) => `/plans/${o.planId}/share`, json: () => ({ showPrices: true }), otherUser: [404] },
  'DELETE /plans/:planId/share': { path: (o) => `/plans/${o.planId}/share`, otherUser: [404] },
  // the shortlist: only ever the caller's own; saving for the owner's event is a 404
  'GET /shortlist': { path: () => '/shortlist', otherUser: 'own', ownAnswer: (caller) => [{ serviceId: world.catalog.providerB.serviceId, eventId: caller.eventId }] },
  'GET /shortlist/compare': {
    path: (o) => `/shortlist/compare?serviceIds=${world.catalog.providerB.serviceId},${world.catalog.providerA.serviceId}&eventId=${o.eventId}`,
    otherUser: [404],
  },
  'PUT /shortlist/:serviceId': { path: () => `/shortlist/${world.catalog.providerA.serviceId}`, json: (o) => ({ eventId: o.eventId }), otherUser: [404] },
  // a service neither user has shortlisted: nothing of anyone's is removed
  'DELETE /shortlist/:serviceId': { path: () => `/shortlist/${world.catalog.providerA.serviceId}`, otherUser: [404] },
  // enquiries and quotes (issue 37, item 3): another user's enquiry, quote or event is a 404, as if it were not there
  'GET /enquiries': { path: () => '/enquiries', otherUser: 'own', ownAnswer: (caller) => [{ enquiryId: caller.enquiryId }] },
  'POST /enquiries': {
    path: () => '/enquiries',
    json: (o) => ({ eventId: o.eventId, serviceIds: [world.catalog.providerA.serviceId], message: 'Hijacked' }),
    otherUser: [404],
  },
  'GET /enquiries/:enquiryId': { path: (o) => `/enquiries/${o.enquiryId}`, otherUser: [404] },
  'POST /enquiries/:enquiryId/withdraw': { path: (o) => `/enquiries/${o.enquiryId}/withdraw`, otherUser: [404] },
  'POST /quotes/:quoteId/accept': {
    path: (o) => `/quotes/${o.quoteId}/accept`,
    json: (_o, caller) => ({ addressId: caller.addressId, preferredTime: { start: '10:00', end: '12:00' } }),
    otherUser: [404],
  },
  'POST /quotes/:quoteId/decline': { path: (o) => `/quotes/${o.quoteId}/decline`, otherUser: [404] },
  // the provider's side: neither user runs a listing (the inbox is a 403), and an enquiry to one they do not run is a 404
  'GET /provider/enquiries': { path: () => '/provider/enquiries', otherUser: [403] },
  'GET /provider/enquiries/:enquiryId': { path: (o) => `/provider/enquiries/${o.enquiryId}`, otherUser: [404] },
  'POST /provider/enquiries/:enquiryId/quote': {
    path: (o) => `/provider/enquiries/${o.enquiryId}/quote`,
    json: () => ({ lineItems: [{ label: 'Hijacked', amount: 100 }], validUntil: inDays(10) }),
    otherUser: [404],
  },
  'POST /provider/enquiries/:enquiryId/decline': { path: (o) => `/provider/enquiries/${o.enquiryId}/decline`, json: () => ({ reason: 'Hijacked' }), otherUser: [404] },
  // conversations (issue 37, item 4): another user's thread or message is a 404, as if it were not there
  'GET /threads': { path: () => '/threads', otherUser: 'own', ownAnswer: (caller) => [{ subject: { threadId: caller.enquiryId }, last: { messageId: caller.messageId } }] },
  'GET /threads/:kind/:threadId': { path: (o) => `/threads/enquiry/${o.enquiryId}`, otherUser: [404] },
  'POST /threads/:kind/:threadId/messages': {
    path: (o) => `/threads/enquiry/${o.enquiryId}/messages`,
    json: () => ({ body: 'Hijacked', clientKey: '00000000-0000-4000-8000-000000000000' }),
    otherUser: [404],
  },
  'POST /threads/:kind/:threadId/read': { path: (o) => `/threads/enquiry/${o.enquiryId}/read`, json: (o) => ({ upTo: o.messageId }), otherUser: [404] },
  'POST /messages/:messageId/report': { path: (o) => `/messages/${o.messageId}/report`, json: () => ({ reason: 'spam' }), otherUser: [404] },
  'POST /payment/create_order': { path: () => '/payment/create_order', json: (o) => ({ userId: o.user.uid, bookingId: o.bookingId }), otherUser: [403] },
  'POST /payment/verify_payment': {
    path: () => '/payment/verify_payment',
    json: (o) => ({ razorpay_order_id: o.orderId, razorpay_payment_id: 'pay_0000000000000A', razorpay_signature: '0'.repeat(64) }),
    otherUser: [403, 404],
  },
};

/** Someone with the same kind of data but none of the owner's: the answers to "not found" ids. */
const STRANGER_IDS = {
  user: { uid: 'n0b0dyH3re0000000000000000aa', phone: '+919800000000', idToken: '' },
  profile: { name: 'Nobody', email: 'nobody@example.in', phone: '+919800000000' },
  uploadFileName: '0'.repeat(32) + '.png',
  bookingId: '00000000-0000-4000-8000-000000000000',
  orderId: 'order_00000000000000',
  cartItemId: '00000000-0000-4000-8000-000000000001',
  addressId: '00000000-0000-4000-8000-000000000002',
  planId: '00000000-0000-4000-8000-000000000003',
  eventId: '00000000-0000-4000-8000-000000000004',
  enquiryId: '00000000-0000-4000-8000-000000000005',
  quoteId: '00000000-0000-4000-8000-000000000006',
  messageId: '00000000-0000-4000-8000-000000000007',
} satisfies UserWithData;

const SIGN_IN_REQUIRED = 'Sign in required: send Authorization: Bearer <Firebase ID token>.';
const BAD_HEADER = 'The Authorization header must be "Bearer <Firebase ID token>".';
const INVALID_TOKEN = 'Invalid ID token. Please sign in again.';
const EXPIRED = 'Your session has expired. Please sign in again.';

interface Answer {
  status: number;
  text: string;
  body: unknown;
}

async function send(method: string, probe: Probe, target: UserWithData, authorization: string | undefined, caller = target): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.Authorization = authorization;
  let body: FormData | string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    if (probe.form) body = probe.form();
    else if (probe.json) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(probe.json(target, caller));
    }
  }
  const response = await fetch(`${world.stack.server.url}${probe.path(target)}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function expectNoLeak(answer: Answer, of: UserWithData): void {
  for (const secret of secretsOf(of)) expect([secret, answer.text.includes(secret)]).toEqual([secret, false]);
}

const expiredToken = (idToken: string) => {
  const now = Math.floor(Date.now() / 1000);
  return withClaims(idToken, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
};

beforeAll(async () => {
  world = await startSecurityWorld();
  [owner, intruder] = await Promise.all([userWithData(world, 'Asha Verma'), userWithData(world, 'Ravi Kumar')]);
  ownerSession = await mintSession(owner.user.idToken);
}, 60_000);

async function mintSession(idToken: string): Promise<string> {
  const made = await request(`${world.stack.server.url}/auth/session-cookie`, { method: 'POST', token: idToken });
  if (made.status !== 200) throw new Error(`POST /auth/session-cookie answered ${made.status}`);
  return made.body.sessionCookie as string;
}
afterAll(() => world.close());

const routeKey = ({ method, url }: { method: string; url: string }) => `${method} ${url}`;

test('every route is either listed as public or user-scoped; a new route cannot slip past the matrix', () => {
  const table = world.stack.server.app.routeTable;
  // HEAD routes are Fastify's automatic twins of the GETs, classified alike (a plugin's '/' route is one GET that
  // answers its prefix with and without the slash, and a HEAD for each)
  const heads = table.filter((route) => route.method === 'HEAD');
  for (const head of heads) expect(table).toContainEqual({ ...head, method: 'GET', url: head.url.length > 1 ? head.url.replace(/\/$/, '') : head.url });
  const routes = table.filter((route) => route.method !== 'HEAD');
  expect(routes.filter((route) => !route.signedIn).map(routeKey).sort()).toEqual([...PUBLIC_ROUTES].sort());
  expect(routes.filter((route) => route.signedIn).map(routeKey).sort()).toEqual(Object.keys(USER_SCOPED).sort());
});

test('firebase-admin itself rejects the crafted token as expired (and accepts the fresh one)', async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= new URL(EMULATOR_ORIGIN).host;
  const app = getApps().find((candidate) => candidate.name === 'security-suite') ?? initializeApp({ projectId: PROJECT_ID }, 'security-suite');
  const auth = getAuth(app);
  await expect(auth.verifyIdToken(owner.user.idToken)).resolves.toMatchObject({ uid: owner.user.uid });
  await expect(auth.verifyIdToken(expiredToken(owner.user.idToken))).rejects.toMatchObject({ code: 'auth/id-token-expired' });
});

const matrix = Object.entries(USER_SCOPED).flatMap(([key, probe]) => {
  const [method, url] = key.split(' ') as [string, string];
  return (method === 'GET' ? [key, `HEAD ${url}`] : [key]).map((label) => [label, label.split(' ')[0]!, probe] as const);
});

describe.each(matrix)('%s', (_label, method, probe) => {
  /** A refusal before any lookup: the same for the owner's real resources as for made-up ones, so it tells nothing. */
  async function expectRefused(authorization: string | undefined, message: string): Promise<void> {
    const answer = await send(method, probe, owner, authorization);
    const unknown = await send(method, probe, STRANGER_IDS, authorization, owner);
    expect(answer.status).toBe(401);
    expect(unknown).toEqual(answer);
    if (method !== 'HEAD') expect(answer.body).toEqual(errorSaying(message));
    expectNoLeak(answer, owner);
  }

  test('no Authorization header: 401', () => expectRefused(undefined, SIGN_IN_REQUIRED));

  test.each([
    ['empty', '', SIGN_IN_REQUIRED],
    ['"Bearer" alone', 'Bearer', BAD_HEADER],
    ['a Basic credential', 'Basic dXNlcjpwYXNz', BAD_HEADER],
    ['the token without its scheme', 'TOKEN', BAD_HEADER],
    ['"Bearer abc"', 'Bearer abc', INVALID_TOKEN],
    ['a JWT of garbage', 'Bearer aGVsbG8.d29ybGQ.eA', INVALID_TOKEN],
  ])('a malformed Authorization (%s): 401', (_what, header, message) =>
    expectRefused(header === 'TOKEN' ? owner.user.idToken : header, message));

  test("the owner's own token, expired: 401", () => expectRefused(`Bearer ${expiredToken(owner.user.idToken)}`, EXPIRED));

  if (method !== 'GET' && method !== 'HEAD' && _label !== 'DELETE /auth/session') {
    test("the owner's own server session: 401 (a session only reads), before anything is looked up", () =>
      expectRefused(`Session ${ownerSession}`, errorAnswer(SESSION_READS_ONLY).message));
  }

  test("another user's token: refused (or only their own data), and nothing of the owner's in the answer", async () => {
    const caller = probe.freshCaller ? { ...intruder, user: await signInWithPhone() } : intruder;
    const answer = await send(method, probe, owner, `Bearer ${caller.user.idToken}`, caller);
    if (probe.otherUser === 'own') {
      expect(answer.status).toBeLessThan(300);
      if (method !== 'HEAD') expect(answer.body).toMatchObject(probe.ownAnswer?.(caller) ?? { consumerId: caller.user.uid });
    } else {
      expect(probe.otherUser).toContain(answer.status);
      if (method !== 'HEAD') expect(answer.body).toEqual(errorSaying(expect.any(String)));
    }
    expectNoLeak(answer, owner);
  });
});

describe('another user aiming at the owner with their own identity', () => {
  test("paying for the owner's booking: 403", async () => {
    const answer = await request(`${world.stack.server.url}/payment/create_order`, {
      token: intruder.user.idToken,
      json: { userId: intruder.user.uid, bookingId: owner.bookingId },
    });
    expect(answer).toMatchObject({ status: 403, body: errorSaying('You can only see and change your own bookings.') });
  });

  test("booking, or adding to the cart, at the owner's saved address: 404 as if it were not there, nothing stored", async () => {
    const api = world.stack.server.url;
    const menu = world.catalog.providerB.menus[0];
    const payload = bookingPayload(intruder.user, menu, { addressId: owner.addressId });
    const booked = await request(`${api}/bookings`, { token: intruder.user.idToken, json: payload, headers: { nocart: 'true' } });
    expect(booked).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    const added = await request(`${api}/cart/items`, {
      token: intruder.user.idToken,
      json: { serviceId: menu.serviceId, menuId: menu.id, preferredDateRange: payload.preferredDateRange, preferredTime: payload.preferredTime, addressId: owner.addressId },
    });
    expect(added).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    const renamed = await request(`${api}/users/consumer/${intruder.user.uid}/addresses/${owner.addressId}`, {
      method: 'PUT',
      token: intruder.user.idToken,
      json: { ...FIXTURE_ADDRESS, line1: 'Hijacked' },
    });
    expect(renamed).toMatchObject({ status: 404, body: errorSaying('Address not found') });
    const removed = await request(`${api}/users/consumer/${intruder.user.uid}/addresses/${owner.addressId}`, { method: 'DELETE', token: intruder.user.idToken });
    expect(removed).toMatchObject({ status: 404, body: errorSaying('Address not found') });
  });

  test("booking from the owner's cart item: 409 as if it were not there, nothing booked, the owner's cart is left alone", async () => {
    const answer = await request(`${world.stack.server.url}/bookings`, {
      token: intruder.user.idToken,
      json: { ...bookingPayload(intruder.user, world.catalog.providerB.menus[0]), cartItemId: owner.cartItemId },
    });
    expect(answer.status).toBe(409);
    expectNoLeak({ status: answer.status, text: JSON.stringify(answer.body), body: answer.body }, owner);
  });
});

test("the owner's server session ends itself (DELETE /auth/session), and is refused from then on", async () => {
  const api = world.stack.server.url;
  const session = await mintSession(owner.user.idToken);
  const asSession = { headers: { Authorization: `Session ${session}` } };
  expect(await request(`${api}/auth/session`, { method: 'DELETE', ...asSession })).toMatchObject({ status: 200, body: { consumerId: owner.user.uid } });
  expect((await request(`${api}/cart`, asSession)).status).toBe(401);
  // the one the matrix used reads still
  expect((await request(`${api}/cart`, { headers: { Authorization: `Session ${ownerSession}` } })).status).toBe(200);
});

test("after all of that the owner's data is as it was", async () => {
  const api = world.stack.server.url;
  const token = owner.user.idToken;
  const profile = await request(`${api}/users/consumer/${owner.user.uid}`, { token });
  expect(profile).toMatchObject({ status: 200, body: { ...owner.profile, notifications: { email: true, sms: false, push: true } } });
  const booking = await request(`${api}/bookings/${owner.bookingId}`, { token });
  expect(booking).toMatchObject({ status: 200, body: { status: 'accepted' } });
  const cart = await request(`${api}/cart`, { token });
  expect(cart.body.items).toEqual([expect.objectContaining({ cartItemId: owner.cartItemId })]);
  const addresses = await request(`${api}/users/consumer/${owner.user.uid}/addresses`, { token });
  expect(addresses).toMatchObject({ status: 200, body: [{ ...FIXTURE_ADDRESS, addressId: owner.addressId }] });
  const plan = await request(`${api}/plans/${owner.planId}`, { token });
  expect(plan).toMatchObject({ status: 200, body: { title: "Asha Verma's wedding", events: [{ eventId: owner.eventId, guests: 150 }] } });
  const budget = await request(`${api}/plans/${owner.planId}/budget`, { token });
  expect(budget).toMatchObject({ status: 200, body: { budget: null, events: [{ eventId: owner.eventId, budget: null }] } });
  const checklist = await request(`${api}/plans/${owner.planId}/checklist`, { token });
  expect(checklist).toMatchObject({ status: 200, body: { planId: owner.planId } });
  expect((checklist.body.tasks as Array<{ done: boolean; key: string | null }>).filter((task) => task.done || task.key === null)).toEqual([]);
  const shortlist = await request(`${api}/shortlist`, { token });
  expect(shortlist).toMatchObject({ status: 200, body: [{ serviceId: world.catalog.providerB.serviceId, eventId: owner.eventId }] });
  const enquiry = await request(`${api}/enquiries/${owner.enquiryId}`, { token });
  expect(enquiry).toMatchObject({ status: 200, body: { status: 'quoted', message: 'Do you cover a sangeet?', quotes: [{ quoteId: owner.quoteId, status: 'open', total: 500000 }] } });
  const [uploads] = await world.stack.server.database.query<{ count: number }>('SELECT count(*)::int AS count FROM uploads WHERE uid = $1', [owner.user.uid]);
  expect(uploads!.count).toBe(1);
});
