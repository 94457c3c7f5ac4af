import { signInWithPhone } from './support/auth-emulator';
import { insertCatalogFixture, onboardConsumer, type CatalogFixture } from './support/bookings';
import { bookingIn, cancelBooking, insertMenu, payInCheckout, startPaymentStack, type PaymentStack } from './support/payments';
import { request, startTestServer, TEST_METRICS_TOKEN } from './support/test-server';
import { createOrderResponseSchema } from '@utsav/contracts/schemas';
import { openLiveStream } from './support/live-stream';

/**
 * GET /metrics (issue 38, item 1; src/http/metrics.ts): Prometheus's text format, only with METRICS_TOKEN;
 * requests by route template (never a raw id), database timings, and the outbox, refunds and payments read from
 * the database when scraped.
 */

let stack: PaymentStack;
let catalog: CatalogFixture;
beforeAll(async () => {
  stack = await startPaymentStack();
  catalog = await insertCatalogFixture(stack.server.database);
});
afterAll(() => stack.close());

const api = () => stack.server.url;

async function scrape(token: string | null = TEST_METRICS_TOKEN) {
  const answer = await fetch(`${api()}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: answer.status, type: answer.headers.get('content-type'), text: await answer.text() };
}

/** The value of one series, e.g. series(text, 'utsav_refunds_due') or with labels '{status="captured"}'. */
function series(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

test('without the token, or with another, 401 and no figures', async () => {
  for (const token of [null, 'not-the-token', `${TEST_METRICS_TOKEN}x`]) {
    const answer = await scrape(token);
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain('utsav_');
    expect(JSON.parse(answer.text)).toEqual({ message: expect.stringContaining('METRICS_TOKEN') });
  }
});

test('requests are counted and timed by route template and status, never by their raw path', async () => {
  const { providerA, providerB } = catalog;
  for (const id of [providerA.serviceId, providerB.serviceId]) expect((await request(`${api()}/services/${id}/reviews`)).status).toBe(200);
  expect((await request(`${api()}/no/such/path`)).status).toBe(404);
  const { status, type, text } = await scrape();
  expect(status).toBe(200);
  expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(series(text, 'utsav_http_requests_total', '{route="/services/:serviceId/reviews",method="GET",status="200"}')).toBe(2);
  expect(series(text, 'utsav_http_requests_total', '{route="(no route)",method="GET",status="404"}')).toBe(1);
  expect(series(text, 'utsav_http_request_duration_seconds_count', '{route="/services/:serviceId/reviews",method="GET"}')).toBe(2);
  expect(text).not.toContain(providerA.serviceId);
  expect(text).not.toContain('/no/such/path');
  // the scrape itself is not counted
  expect(text).not.toContain('route="/metrics"');
  // the database's calls, timed
  expect(series(text, 'utsav_db_query_duration_seconds_count', '{kind="query",outcome="ok"}')).toBeGreaterThan(0);
  // the process's own
  expect(text).toContain('utsav_api_process_resident_memory_bytes');
  expect(series(text, 'utsav_live_streams_open')).toBe(0);
  // a PostgreSQL server's pool (PGlite has none)
  if (process.env.DATABASE_URL) expect(series(text, 'utsav_db_pool_connections', '{state="total"}')).toBeGreaterThan(0);
  else expect(text).not.toContain('utsav_db_pool_connections{');
});

test('payments, refunds due and the outbox are read from the database when scraped', async () => {
  const before = await scrape();
  const captured = series(before.text, 'utsav_payments', '{status="captured"}')!;
  expect(series(before.text, 'utsav_refunds_due')).toBe(0);
  expect(series(before.text, 'utsav_outbox_deliveries', '{channel="email",status="pending"}')).toBeDefined();

  const user = await signInWithPhone();
  const menu = await insertMenu(stack.server.database, catalog.providerA.serviceId, 5_000_000);
  const booking = await bookingIn(stack.server, user, menu);
  const order = createOrderResponseSchema.parse((await request(`${api()}/payment/create_order`, { token: user.idToken, json: { userId: user.uid, bookingId: booking.bookingId } })).body);
  const result = await payInCheckout(stack.sandboxUrl, order.id);
  expect((await request(`${api()}/payment/verify_payment`, { token: user.idToken, json: result })).body).toMatchObject({ status: true });
  await stack.webhooksDone();
  // a refund the provider could not take (the API's key no longer opens it) stays due
  const secret = stack.sandbox.sandbox.settings.keySecret;
  stack.sandbox.sandbox.settings.keySecret = 'rotated';
  try {
    await cancelBooking(stack.server, user, booking.bookingId);
  } finally {
    stack.sandbox.sandbox.settings.keySecret = secret;
  }

  const after = await scrape();
  expect(series(after.text, 'utsav_payments', '{status="captured"}')).toBe(captured + 1);
  expect(series(after.text, 'utsav_refunds_due')).toBe(1);
  expect(series(after.text, 'utsav_refunds_due_oldest_seconds')).toBeGreaterThanOrEqual(0);
  const [pending] = await stack.server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM notification_deliveries WHERE status = 'pending' AND channel = 'email'`);
  expect(pending!.n).toBeGreaterThan(0);
  expect(series(after.text, 'utsav_outbox_deliveries', '{channel="email",status="pending"}')).toBe(pending!.n);
  expect(series(after.text, 'utsav_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
});

test('live streams open are counted while they are open', async () => {
  const user = await signInWithPhone();
  await onboardConsumer(stack.server.database, user);
  const stream = await openLiveStream(api(), user.uid, user.idToken);
  try {
    expect(series((await scrape()).text, 'utsav_live_streams_open')).toBe(1);
  } finally {
    stream.close();
  }
  for (let waited = 0; series((await scrape()).text, 'utsav_live_streams_open') !== 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(series((await scrape()).text, 'utsav_live_streams_open')).toBe(0);
});

test("phones' web vitals (POST /vitals, as a beacon's text) land in a histogram per route pattern; anything else is a 400", async () => {
  const beacon = (body: unknown) =>
    fetch(`${api()}/vitals`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const sent = await beacon({ route: '/service/:serviceId', vitals: [{ name: 'LCP', value: 2400 }, { name: 'CLS', value: 0.02 }, { name: 'INP', value: 180 }] });
  expect(sent.status).toBe(204);
  const { text } = await scrape();
  expect(series(text, 'utsav_web_vitals_count', '{route="/service/:serviceId",name="LCP"}')).toBe(1);
  expect(series(text, 'utsav_web_vitals_sum', '{route="/service/:serviceId",name="LCP"}')).toBeCloseTo(2.4);
  expect(series(text, 'utsav_web_vitals_sum', '{route="/service/:serviceId",name="CLS"}')).toBeCloseTo(0.02);
  expect(series(text, 'utsav_web_vitals_bucket', '{le="0.2",route="/service/:serviceId",name="INP"}')).toBe(1);
  // an address is not a route pattern (it could carry an id), and only the known vitals, in range
  for (const bad of [
    { route: '/service/8c0a0f4e-0000-4000-8000-000000000000', vitals: [{ name: 'LCP', value: 2400 }] },
    { route: '/', vitals: [{ name: 'FID', value: 10 }] },
    { route: '/', vitals: [{ name: 'LCP', value: -1 }] },
    { route: '/', vitals: [] },
    'not json',
  ]) {
    const answer = await beacon(bad);
    expect(answer.status).toBe(400);
    expect((await answer.json()) as { message: string }).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
  expect(series((await scrape()).text, 'utsav_web_vitals_count', '{route="/",name="LCP"}')).toBeUndefined();
});

test('without METRICS_TOKEN there is no /metrics at all', async () => {
  const server = await startTestServer({ METRICS_TOKEN: undefined });
  try {
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).status).toBe(404);
    expect(server.app.routeTable.some((route) => route.url === '/metrics')).toBe(false);
  } finally {
    await server.close();
  }
});
