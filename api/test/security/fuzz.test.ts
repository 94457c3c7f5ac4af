import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../../src/http/json-body';
import { bookingPayload, FIXTURE_ADDRESS, inDays, makeProviderOwner } from '../support/bookings';
import { signInWithPhone, type TestUser } from '../support/auth-emulator';
import { startSecurityWorld, userWithData, type SecurityWorld, type UserWithData } from '../support/security-fixtures';

/**
 * Every route of the route table, signed in as a real user who has data of every kind (and runs a
 * provider), with arbitrary path params, query strings and JSON bodies: the API must never answer 5xx,
 * and every 4xx must be JSON `{ message }`.
 */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 80);

let world: SecurityWorld;
let user: UserWithData;
/** who fuzzes the routes that end the caller's sign-in everywhere (they would end the fuzzing user's) */
let throwaway: TestUser;
let reviewId: string;
/** the user's own enquiry to the listing they run: both sides' routes get past their lookups */
let enquiryId: string;

beforeAll(async () => {
  world = await startSecurityWorld();
  user = await userWithData(world, 'Fuzz Tester');
  await makeProviderOwner(world.stack.server.database, world.catalog.providerA.id, user.user.uid);
  // a review of the user's listing, so the reply route is fuzzed past its lookups too
  const [review] = await world.stack.server.database.query<{ id: string }>(
    `INSERT INTO reviews (service_id, author_name, rating, body, reviewed_on) VALUES ($1, 'Meera Iyer', 5, 'Lovely', current_date) RETURNING id::text AS id`,
    [world.catalog.providerA.serviceId],
  );
  reviewId = review!.id;
  const asked = await fetch(`${world.stack.server.url}/enquiries`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.user.idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ eventId: user.eventId, serviceIds: [world.catalog.providerA.serviceId], message: 'A quote, please' }),
  });
  if (asked.status !== 201) throw new Error(`POST /enquiries answered ${asked.status}`);
  enquiryId = ((await asked.json()) as Array<{ enquiryId: string }>)[0]!.enquiryId;
  throwaway = await signInWithPhone();
}, 60_000);
afterAll(() => world.close());

/** The ids the user really has, so arbitrary bodies and queries also reach the code behind the lookups. */
const realParam = (name: string): string | undefined =>
  ({ pid: world.catalog.providerA.id, sid: world.catalog.providerA.serviceId, date: inDays(30), uid: user.user.uid, bid: user.bookingId, id: user.cartItemId, addressId: user.addressId, fileName: user.uploadFileName, rid: reviewId, planId: user.planId, eventId: user.eventId, taskId: `${user.eventId}.photographer`, enquiryId, quoteId: user.quoteId, kind: 'enquiry', threadId: user.enquiryId, messageId: user.messageId, serviceId: world.catalog.providerA.serviceId, menuId: world.catalog.providerA.menus[0].id })[
    name
  ];

/** A valid body per write route: arbitrary values are also tried in place of each of its fields. */
function validBody(route: string): Record<string, unknown> {
  const menu = world.catalog.providerA.menus[1];
  const booking = bookingPayload(user.user, menu);
  switch (route) {
    case 'POST /users/consumer/:uid':
      return { ...user.profile, age: 30, gender: 'female', skippedService: true };
    case 'PUT /users/consumer/:uid/settings':
      return { notifications: { email: true, sms: false, push: true } };
    case 'POST /bookings':
      return { ...booking, cartItemId: user.cartItemId };
    case 'POST /cart/items':
      return { serviceId: menu.serviceId, menuId: menu.id, quantity: 1, preferredDateRange: booking.preferredDateRange, preferredTime: booking.preferredTime, note: '', addressId: user.addressId };
    case 'POST /users/consumer/:uid/addresses':
    case 'PUT /users/consumer/:uid/addresses/:addressId':
      return { ...FIXTURE_ADDRESS };
    case 'POST /plans':
    case 'PATCH /plans/:planId':
      return { title: 'Asha & Rohan', from: inDays(60), to: inDays(64), homeCity: 'Jaipur' };
    case 'POST /plans/:planId/events':
    case 'PATCH /plans/:planId/events/:eventId':
      return { kind: 'mehendi', name: 'Mehendi night', date: inDays(62), city: 'Jaipur', guests: 120 };
    case 'POST /plans/:planId/share':
    case 'PATCH /plans/:planId/share':
      return { showPrices: true };
    case 'PUT /plans/:planId/budget':
    case 'PUT /plans/:planId/events/:eventId/budget':
      return { amount: 25_00_000_00 };
    case 'POST /plans/:planId/checklist':
    case 'PATCH /plans/:planId/checklist/:taskId':
      return { title: 'Book the dhol players', due: inDays(40), eventId: user.eventId };
    case 'PUT /shortlist/:serviceId':
      return { eventId: user.eventId };
    case 'POST /enquiries':
      return { eventId: user.eventId, serviceIds: [world.catalog.providerA.serviceId, world.catalog.providerB.serviceId], message: 'A quote, please' };
    case 'POST /provider/enquiries/:enquiryId/quote':
      return { lineItems: [{ label: 'Full day', amount: 500_000 }, { label: 'Album', amount: 120_000 }], validUntil: inDays(10), note: 'Drone extra' };
    case 'POST /provider/enquiries/:enquiryId/decline':
      return { reason: 'Away that week' };
    case 'POST /quotes/:quoteId/accept':
      return { addressId: user.addressId, preferredTime: { start: '10:00', end: '12:00' }, note: 'Gate 2' };
    case 'POST /threads/:kind/:threadId/messages':
      return { body: 'Can you send photos of a past sangeet?', photos: [], clientKey: '8f14e45f-ceea-4e67-a1b5-2a7c1d3b9e01' };
    case 'POST /threads/:kind/:threadId/read':
      return { upTo: user.messageId };
    case 'POST /messages/:messageId/report':
      return { reason: 'spam', note: 'Asked for payment outside the app' };
    case 'POST /checkout':
      return { couponCode: 'UTSAV20', requests: '', expectedTotal: world.catalog.providerB.menus[0].price };
    case 'POST /provider/bookings/:bid/decline':
      return { reason: 'other', note: 'Fully booked' };
    case 'POST /bookings/:bid/review':
      return { rating: 4, text: 'Lovely' };
    case 'POST /bookings/:bid/reschedule':
      return { preferredDateRange: booking.preferredDateRange, preferredTime: { start: '11:00', end: '12:00' } };
    case 'POST /provider/bookings/:bid/reschedule/decline':
      return { reason: 'not_available', note: 'Away that week' };
    case 'PUT /provider/:pid/availability':
      return { dailyCapacity: 3 };
    case 'PUT /provider/:pid/blocked-days/:date':
      return { reason: 'Family wedding' };
    case 'POST /provider/:pid/reviews/:rid/reply':
      return { text: 'Thank you!' };
    case 'POST /users/:uid/notifications/read':
      return { upTo: '1' };
    case 'POST /payment/create_order':
      return { userId: user.user.uid, bookingId: user.bookingId, amount: 100, currency: 'INR' };
    case 'POST /payment/verify_payment':
      return { razorpay_order_id: user.orderId, razorpay_payment_id: 'pay_0000000000000A', razorpay_signature: '0'.repeat(64) };
    default:
      return {};
  }
}

const HOSTILE_STRINGS = ['', ' ', '\u0000', 'a\u0000b', 'Asha\u0000', '\u0000\u0001\u001f\u007f', '\ud800', '\uffff', '%', '%00', '../../etc/passwd', "'; DROP TABLE bookings; --", '<script>', '𝕌𝕥𝕤𝕒𝕧', 'नमस्ते', '__proto__', 'constructor', 'NaN', '-1', '1e309', '0x10'];
const nasty = fc.constantFrom(...HOSTILE_STRINGS);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }) },
  { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((length) => 'x'.repeat(length)) },
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e21));
const anyJson = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: scalar },
  { weight: 1, arbitrary: fc.letrec((tie) => ({ deep: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('deep'), { maxLength: 3 }), fc.dictionary(text, tie('deep'), { maxKeys: 3 })) })).deep },
);

const CLOSERS: Record<string, string> = { '[': ']', '{"a":': '}', '[{"b":': '}]', '{"":[': ']}', '{"x":"[{","y":[': ']}' };
/**
 * JSON text nested up to 300 000 levels (arrays, objects, both, with brackets inside strings), around a
 * leaf, closed or not: built as text, since JSON.stringify itself would overflow on the deepest.
 */
const deepJsonText = fc
  .record({
    depth: fc.oneof(fc.integer({ min: MAX_JSON_DEPTH - 2, max: MAX_JSON_DEPTH + 2 }), fc.integer({ min: 1, max: 300_000 })),
    open: fc.constantFrom(...Object.keys(CLOSERS)),
    leaf: fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 })).map((value) => JSON.stringify(value) ?? 'null'),
    closed: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  })
  .map(({ depth, open, leaf, closed }) => `${open.repeat(depth)}${leaf}${closed ? CLOSERS[open]!.repeat(depth) : ''}`);

/** A deep body as raw text: on its own, or in a field of the route's valid body. */
const deepBody = (template: Record<string, unknown>) =>
  fc.oneof(
    deepJsonText,
    fc.tuple(fc.constantFrom('deep', ...Object.keys(template)), deepJsonText).map(([field, deep]) =>
      JSON.stringify({ ...template, [field]: '\u0000MARK' }).replace('"\\u0000MARK"', () => deep),
    ),
  );

/** The paths of a template's leaves (nested objects are walked). */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
}

function withValueAt(template: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  const inner = template[head];
  const replaced = rest.length > 0 && inner !== null && typeof inner === 'object' ? withValueAt(inner as Record<string, unknown>, rest, value) : value;
  return { ...template, [head]: replaced };
}

/** A value for one field: mostly text (where a database or a parser is most likely to trip), else any JSON. */
const fieldValue = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: anyJson });

/** A valid body with arbitrary values in one to three of its fields (nested ones too), plus extra fields. */
function mutatedBody(template: Record<string, unknown>) {
  const leaves = leafPaths(template).filter((path) => path.length > 0);
  if (leaves.length === 0) return fc.dictionary(text, fieldValue, { maxKeys: 4 });
  return fc
    .record({
      changes: fc.array(fc.tuple(fc.constantFrom(...leaves), fieldValue), { minLength: 1, maxLength: 3 }),
      extra: fc.dictionary(text, fieldValue, { maxKeys: 2 }),
    })
    .map(({ changes, extra }) => changes.reduce((body, [path, value]) => withValueAt(body, path, value), { ...extra, ...template }));
}

const QUERY_KEYS = ['limit', 'offset', 'q', 'category', 'city', 'status', 'when', 'month', 'serviceIds', 'eventId', '__proto__', 'constructor'];
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), text), text), { maxLength: 5 }).map((pairs) => {
  const params = new URLSearchParams();
  for (const [key, value] of pairs) params.append(key, value);
  return params.toString();
});
/** What a hand-written client might put in a query: broken escapes, bare keys, repeated separators. */
const rawQuery = fc.constantFrom('limit', 'limit=', '&&&', '=', 'limit=%zz', 'q=%E0%A4', 'limit=1&limit=2', 'q[]=a', 'q[a]=b', 'status=requested&status=accepted');

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** A path segment as a client would send it (a lone surrogate cannot be %-encoded: its UTF-8 replacement is). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}
/** Segments no encoder would produce: broken escapes, dot segments, an encoded slash or NUL. */
const rawSegment = fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '.', '%2e%2e', '%2F', '%00', 'a%2Fb', '%C0%AE');
const segment = (real?: string) =>
  fc.oneof(
    // mostly the real id, so the body and query get past the lookup
    ...(real === undefined ? [] : [{ weight: 4, arbitrary: fc.constant(encodeSegment(real)) }]),
    { weight: 1, arbitrary: text.map(encodeSegment) },
    { weight: 1, arbitrary: rawSegment },
  );

function pathFor(url: string, segments: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => segments[name] ?? '');
}

interface Attempt {
  /** %-encoded path segments by param name */
  params: Record<string, string>;
  query: string;
  body: unknown;
  /** the body as JSON text, sent as it is instead of `body` */
  raw?: string;
}

async function attempt(method: string, url: string, { params, query: search, body, raw }: Attempt): Promise<void> {
  const token = ENDS_SIGN_IN.has(`${method} ${url}`) ? throwaway.idToken : user.user.idToken;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, nocart: 'true' };
  const payload = method === 'GET' ? undefined : (raw ?? (body === undefined ? undefined : JSON.stringify(body)));
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  const target = `${world.stack.server.url}${pathFor(url, params)}${search ? `?${search}` : ''}`;
  const response = await fetch(target, { method, headers, body: payload });
  if (response.ok && /^text\/event-stream/.test(response.headers.get('content-type') ?? '')) {
    // the live stream answers and stays open: its first bytes are enough, then the client goes away
    await response.body?.cancel();
    return;
  }
  const text = await response.text();
  const context = `${method} ${target.slice(0, 300)} ${payload?.slice(0, 300) ?? ''} (${payload?.length ?? 0} chars) → ${response.status} ${text.slice(0, 300)}`;
  if (response.status >= 500) throw new Error(`5xx: ${context}`);
  if (response.status >= 400) {
    if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) throw new Error(`not JSON: ${context}`);
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message !== 'string' || parsed.message === '') throw new Error(`no message: ${context}`);
  }
}

// the webhook has its own HMAC and is fuzzed as any other body; DELETE of the account would end the session
const FUZZED_ROUTES = () => world.stack.server.app.routeTable.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
const NEVER_REAL = new Set(['DELETE /users/consumer/:uid']);
/** sign out of all devices: fuzzed as another user (once it has answered, the rest of its attempts are refused, as JSON) */
const ENDS_SIGN_IN = new Set(['DELETE /auth/sessions']);

test('the route table is not empty (the fuzzing below covers something)', () => {
  expect(FUZZED_ROUTES().length).toBeGreaterThanOrEqual(28);
});

test('no route answers 5xx, and every 4xx is JSON { message }, whatever the path, query and body', async () => {
  const tried: string[] = [];
  for (const { method, url } of FUZZED_ROUTES()) {
    const key = `${method} ${url}`;
    const names = paramNames(url);
    const attempts = fc.record({
      params: fc.record(Object.fromEntries(names.map((name) => [name, segment(NEVER_REAL.has(key) ? undefined : realParam(name))]))),
      query: fc.oneof({ weight: 4, arbitrary: query }, { weight: 1, arbitrary: rawQuery }),
      body: method === 'GET' ? fc.constant(undefined) : fc.oneof({ weight: 1, arbitrary: anyJson }, { weight: 3, arbitrary: mutatedBody(validBody(key)) }),
    });
    await fc.assert(
      fc.asyncProperty(attempts, (input) => attempt(method, url, input as Attempt)),
      { numRuns: NUM_RUNS },
    );
    tried.push(key);
  }
  expect(tried).toHaveLength(FUZZED_ROUTES().length);
}, 240_000);

test('deeply nested bodies (up to 300 000 levels, alone or in a field of a valid body) on every write route: never 5xx', async () => {
  const writes = FUZZED_ROUTES().filter((route) => route.method !== 'GET');
  let sent = 0;
  for (const { method, url } of writes) {
    const key = `${method} ${url}`;
    const params = Object.fromEntries(paramNames(url).map((name) => [name, encodeSegment((NEVER_REAL.has(key) ? undefined : realParam(name)) ?? 'x')]));
    await fc.assert(
      fc.asyncProperty(deepBody(validBody(key)), async (raw) => {
        await attempt(method, url, { params, query: '', body: undefined, raw });
        sent++;
      }),
      { numRuns: Math.ceil(NUM_RUNS / 4) },
    );
  }
  expect(sent).toBe(writes.length * Math.ceil(NUM_RUNS / 4));
  // and the server is still there
  expect((await fetch(`${world.stack.server.url}/health`)).status).toBe(200);
}, 240_000);

test('every field of every write body, one at a time, set to each hostile string: never 5xx', async () => {
  const writes = FUZZED_ROUTES().filter((route) => route.method !== 'GET');
  let sent = 0;
  for (const { method, url } of writes) {
    const key = `${method} ${url}`;
    const template = validBody(key);
    const params = Object.fromEntries(paramNames(url).map((name) => [name, encodeSegment((NEVER_REAL.has(key) ? undefined : realParam(name)) ?? 'x')]));
    for (const path of leafPaths(template).filter((leaf) => leaf.length > 0)) {
      for (const hostile of HOSTILE_STRINGS) {
        await attempt(method, url, { params, query: '', body: withValueAt(template, path, hostile) });
        sent++;
      }
    }
  }
  expect(sent).toBeGreaterThan(300);
}, 120_000);
