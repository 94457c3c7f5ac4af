import type { Booking } from '@utsav/contracts/schemas';
import { loadConfig } from '../src/config';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { insertCatalogFixture, makeProviderOwner, type CatalogFixture } from './support/bookings';
import { openLiveStream, type LiveStream } from './support/live-stream';
import { bookingIn } from './support/payments';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * No state in one process (issue 21, item 1): two API instances on one database, as behind a load
 * balancer — a client's rate-limit budget is one across both, and a change made through one instance
 * reaches a live stream held by the other. On PostgreSQL (DATABASE_URL) each instance has its own pool
 * and LISTEN connection, as two machines would; on PGlite they share the embedded database.
 */

const BUDGET = 4;
let a: TestServer;
let b: { url: string };
let catalog: CatalogFixture;
let consumer: TestUser;
let owner: TestUser;
const streams: LiveStream[] = [];
beforeAll(async () => {
  const limits = { WRITE_RATE_LIMIT_PER_MINUTE: BUDGET, AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: BUDGET, PUBLIC_READ_RATE_LIMIT_PER_MINUTE: BUDGET, RATE_LIMIT_STORE: 'database' as const };
  a = await startTestServer(limits);
  b = await a.startInstance();
  catalog = await insertCatalogFixture(a.database);
  [consumer, owner] = await Promise.all([signInWithPhone(), signInWithPhone()]);
  await makeProviderOwner(a.database, catalog.providerA.id, owner.uid);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await a.close();
});

test('RATE_LIMIT_STORE: the database when DATABASE_URL is set, else memory; anything else is a start-up error', () => {
  expect(loadConfig({}).RATE_LIMIT_STORE).toBe('memory');
  expect(loadConfig({ DATABASE_URL: 'postgres://db/utsav' }).RATE_LIMIT_STORE).toBe('database');
  expect(loadConfig({ DATABASE_URL: 'postgres://db/utsav', RATE_LIMIT_STORE: 'memory' }).RATE_LIMIT_STORE).toBe('memory');
  expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow('RATE_LIMIT_STORE must be "database" or "memory", got "redis"');
});

test("one write budget across both instances: the writes alternate, and the one over the budget is refused wherever it lands", async () => {
  const user = await signInWithPhone();
  const write = (url: string) => request(`${url}/users/consumer/${user.uid}/settings`, { method: 'PUT', token: user.idToken, json: { notifications: { email: true, sms: false, push: true } } });
  const answers: number[] = [];
  for (let i = 0; i < BUDGET; i++) answers.push((await write(i % 2 === 0 ? a.url : b.url)).status);
  // these users have no profile: 404 is the answer of a write that got through
  expect(answers).toEqual(Array(BUDGET).fill(404));
  const overA = await write(a.url);
  const overB = await write(b.url);
  expect([overA.status, overB.status]).toEqual([429, 429]);
  expect(overB.body.message).toMatch(/^Too many changes in a short time \(at most 4 a minute\)/);
  expect(Number(overB.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('public reads are counted in each instance (docs/deploy.md: a shared counter would cost every cached read a write)', async () => {
  const read = (url: string) => request(`${url}/offers`);
  for (let i = 0; i < BUDGET; i++) expect((await read(a.url)).status).toBe(200);
  expect((await read(a.url)).status).toBe(429);
  expect((await read(b.url)).status).toBe(200);
});

test('a change made through instance A reaches the live stream held by instance B', async () => {
  const booking: Booking = await bookingIn(a, consumer, catalog.providerA.menus[0]!, 'requested');
  const stream = await openLiveStream(b.url, consumer.uid, consumer.idToken);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === 'ready');
  const accepted = await request(`${a.url}/provider/bookings/${booking.bookingId}/accept`, { token: owner.idToken, json: {} });
  expect(accepted.status).toBe(200);
  const changed = await stream.next((event) => event.event === 'booking');
  expect(changed.data).toMatchObject({ bookingId: booking.bookingId, status: 'accepted' });
  await stream.next((event) => event.event === 'notification');
});

// last: past this budget every signed-in request from 127.0.0.1 is refused for the rest of the minute
test('rejected tokens count once across both instances: past the budget, each instance refuses before checking', async () => {
  const attempt = (url: string) => request(`${url}/cart`, { token: 'not-a-token' });
  // every client here is 127.0.0.1: its budget is shared by the two instances
  const statuses: number[] = [];
  for (let i = 0; i < BUDGET; i++) statuses.push((await attempt(i % 2 === 0 ? a.url : b.url)).status);
  expect(statuses).toEqual(Array(BUDGET).fill(401));
  expect((await attempt(b.url)).status).toBe(429);
  expect((await attempt(a.url)).status).toBe(429);
});
