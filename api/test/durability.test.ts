import { bookingListSchema, bookingSchema, serviceDetailSchema, serviceListResponseSchema, type Booking } from '@utsav/contracts/schemas';
import { startApiProcess, killAllApiProcesses, type ApiProcess } from './support/api-process';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingPayload, expectContract, inDays, onboardOverHttp, type FixtureMenu } from './support/bookings';
import { getOk } from './support/catalog';
import { pgliteStore, postgresStore, type DurabilityStore } from './support/durability-store';
import { request } from './support/test-server';

/**
 * Durability: the API is killed with SIGKILL in the middle of a burst of booking creates, restarted on
 * the same data, and every booking it acknowledged (201) must still be there — on embedded PGlite, or on
 * the PostgreSQL server of DATABASE_URL when set. Requests still in flight at the kill may or may not
 * have been committed; none may be stored twice or half (a booking without its 'requested' event).
 */

const USERS = 3;
const CONCURRENCY = 12;
/** the kill comes right after this many acknowledgements, while the other workers' requests are in flight */
const KILL_AFTER_ACKS = 60;
/** a bound in case the kill never comes */
const MAX_REQUESTS = 1_000;

let store: DurabilityStore;
let users: TestUser[];
beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  store = serverUrl ? await postgresStore(serverUrl) : pgliteStore();
  users = await Promise.all(Array.from({ length: USERS }, () => signInWithPhone()));
});
afterAll(async () => {
  await killAllApiProcesses();
  await store?.remove();
});

/** The environment of the spawned API: the demo catalog, no stand-in accepting bookings, no write rate limit. */
const apiEnv = () => ({
  ...store.env,
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  SEED_DEMO_CATALOG: 'true',
  PROVIDER_AUTO_ACCEPT_MS: '0',
  WRITE_RATE_LIMIT_PER_MINUTE: '0',
});

/** A bookable package of the catalog the API seeded on its first start. */
async function seededMenu(api: ApiProcess): Promise<FixtureMenu> {
  const { results } = await getOk(`${api.url}/services/latest?limit=1`, serviceListResponseSchema);
  const service = await getOk(`${api.url}/services/${results[0]!.serviceId}`, serviceDetailSchema);
  const menu = service.menus[0]!;
  return { id: menu.menuId, serviceId: menu.serviceId, name: menu.name, price: menu.price };
}

/** Booking create number `index`: users in turn, dates spread over the year so no slot rule refuses them. */
function createBooking(api: ApiProcess, menu: FixtureMenu, index: number) {
  const user = users[index % users.length]!;
  const payload = bookingPayload(user, menu, {
    note: `durability #${index}`,
    preferredDateRange: { from: inDays(1 + (index % 300)), to: inDays(2 + (index % 300)) },
  });
  return request(`${api.url}/bookings`, { token: user.idToken, json: payload, headers: { nocart: 'true' } });
}

interface BurstResult {
  sent: Set<string>;
  acknowledged: Booking[];
  /** how long each acknowledged create took, ms */
  latencies: number[];
  /** requests sent and not yet answered when the kill signal went out */
  inFlightAtKill: number;
  /** answers other than 201 (there should be none) */
  refused: string[];
}

/** Creates bookings CONCURRENCY at a time and SIGKILLs the API once KILL_AFTER_ACKS have been acknowledged. */
async function burstUntilKilled(api: ApiProcess, menu: FixtureMenu): Promise<BurstResult> {
  const result: BurstResult = { sent: new Set(), acknowledged: [], latencies: [], inFlightAtKill: -1, refused: [] };
  let next = 0;
  let inFlight = 0;
  const worker = async () => {
    while (result.inFlightAtKill < 0 && next < MAX_REQUESTS) {
      const index = next++;
      result.sent.add(`durability #${index}`);
      inFlight += 1;
      const started = performance.now();
      try {
        const answer = await createBooking(api, menu, index);
        if (answer.status === 201) {
          result.acknowledged.push(bookingSchema.parse(answer.body));
          result.latencies.push(performance.now() - started);
        } else result.refused.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      } catch {
        // the connection died with the process before a whole answer came: not acknowledged
      } finally {
        inFlight -= 1;
      }
      if (result.inFlightAtKill < 0 && result.acknowledged.length >= KILL_AFTER_ACKS) {
        result.inFlightAtKill = inFlight;
        process.kill(api.pid, 'SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return result;
}

/** The value below which `share` of the sorted numbers fall. */
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.floor(share * (values.length - 1))] ?? NaN;

async function bookingsOf(api: ApiProcess, user: TestUser): Promise<Booking[]> {
  const answer = await request(`${api.url}/bookings/user/${user.uid}`, { token: user.idToken });
  expect(answer.status).toBe(200);
  return expectContract(bookingListSchema, answer.body);
}

test('kill -9 during a burst of booking creates: after a restart every acknowledged booking is stored, and the data opens clean', async () => {
  const first = await startApiProcess(apiEnv());
  const menu = await seededMenu(first);
  await Promise.all(users.map((user) => onboardOverHttp(first.url, user)));

  const burst = await burstUntilKilled(first, menu);
  expect(burst.refused).toEqual([]);
  expect(burst.inFlightAtKill).toBeGreaterThan(0); // the kill landed mid-burst, not after it
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

  const second = await startApiProcess(apiEnv());
  const health = await request(`${second.url}/health`);
  expect(health).toMatchObject({ status: 200, body: { status: 'ok', database: store.kind } });

  const stored = (await Promise.all(users.map((user) => bookingsOf(second, user)))).flat();
  const storedById = new Map(stored.map((booking) => [booking.bookingId, booking]));
  const acknowledgedAndStored = burst.acknowledged.filter((booking) => storedById.has(booking.bookingId));
  const unanswered = burst.sent.size - burst.acknowledged.length;
  console.log(
    `durability on ${store.kind}: ${burst.sent.size} sent, ${burst.acknowledged.length} acknowledged, ` +
      `${burst.inFlightAtKill} in flight at the kill; after the restart ${stored.length} stored ` +
      `(${acknowledgedAndStored.length} of the acknowledged, ${stored.length - acknowledgedAndStored.length} of the ${unanswered} unanswered); ` +
      `create latency at concurrency ${CONCURRENCY}: median ${percentile(burst.latencies, 0.5).toFixed(0)} ms, p95 ${percentile(burst.latencies, 0.95).toFixed(0)} ms`,
  );

  // every acknowledged booking is there, exactly as it was acknowledged
  expect(acknowledgedAndStored.length).toBe(burst.acknowledged.length);
  for (const booking of burst.acknowledged) expect(storedById.get(booking.bookingId)).toEqual(booking);
  // and nothing else but the unanswered requests, each at most once
  const storedNotes = stored.map((booking) => booking.note ?? '');
  expect(new Set(storedNotes).size).toBe(stored.length);
  expect(storedNotes.filter((note) => !burst.sent.has(note))).toEqual([]);
  expect(stored.length - burst.acknowledged.length).toBeLessThanOrEqual(unanswered);

  // the restarted API takes new bookings
  const after = await createBooking(second, menu, MAX_REQUESTS);
  expect(after.status).toBe(201);

  // a clean stop, then the store opened directly: every index consistent, one 'requested' event per booking
  process.kill(second.pid, 'SIGTERM');
  expect(await second.exited).toEqual({ code: 0, signal: null });
  const counts = await store.inspect(users.map((user) => user.uid));
  expect(counts.indexesChecked).toBeGreaterThan(0);
  expect(counts).toMatchObject({ bookings: stored.length + 1, requestedEvents: stored.length + 1 });
}, 150_000);
