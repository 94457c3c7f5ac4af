import net from 'node:net';
import { buildApp } from '../src/app';
import { createDatabase, type Database } from '../src/db';
import { RATE_LIMIT_STORE_DEADLINE_MS } from '../src/http/rate-limit-store';
import { signInWithPhone } from './support/auth-emulator';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { request, testConfig } from './support/test-server';

/**
 * A database that hangs (issue 34, item 4): it takes the connection and never says a word. Queries fail
 * after the pool's connection timeout instead of waiting for ever, every connection asks the server for a
 * statement timeout, and the rate limits' counters in it are given up after their deadline, so signed-in
 * requests go through (the limits fail open) instead of waiting with them.
 */

interface HungDatabase {
  url: string;
  /** what each connection sent before it was left hanging: PostgreSQL's startup message */
  startups: Buffer[];
  close(): Promise<void>;
}

async function hungDatabase(): Promise<HungDatabase> {
  const startups: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (chunk) => startups.push(chunk));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://utsav@127.0.0.1:${port}/utsav`,
    startups,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The startup message's parameters (after its length and protocol version: name NUL value NUL … NUL). */
const startupParameters = (message: Buffer) => {
  const parts = message.subarray(8).toString('utf8').split('\0');
  const parameters: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) parameters[parts[i]!] = parts[i + 1]!;
  return parameters;
};

/** How long `promise` takes to settle, and how; `give-up` when it has not within `limitMs`. */
async function timed(promise: Promise<unknown>, limitMs: number): Promise<{ ms: number; outcome: 'resolved' | 'rejected' | 'give-up'; error?: string }> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<'give-up'>((resolve) => (timer = setTimeout(() => resolve('give-up'), limitMs)));
  const settled = promise.then(
    () => ({ outcome: 'resolved' as const }),
    (error: Error) => ({ outcome: 'rejected' as const, error: error.message }),
  );
  const result = await Promise.race([settled, giveUp]);
  clearTimeout(timer);
  return result === 'give-up' ? { ms: Date.now() - started, outcome: 'give-up' } : { ms: Date.now() - started, ...result };
}

let hung: HungDatabase;
const opened: Database[] = [];
beforeEach(async () => {
  hung = await hungDatabase();
});
afterEach(async () => {
  await hung.close();
  await Promise.all(opened.splice(0).map((db) => db.close().catch(() => undefined)));
});

test('a query to a database that hangs fails after the connection timeout, and every connection asks for a statement timeout', async () => {
  const db = await createDatabase({ url: hung.url, timeouts: { connectMs: 300, statementMs: 2000 } });
  opened.push(db);
  const query = await timed(db.query('SELECT 1'), 5000);
  expect(query).toMatchObject({ outcome: 'rejected', error: expect.stringMatching(/timeout/i) });
  expect(query.ms).toBeLessThan(2000);
  expect(startupParameters(hung.startups[0]!)).toMatchObject({ statement_timeout: '2000', idle_in_transaction_session_timeout: '4000' });
  // a transaction too: it cannot even begin
  expect(await timed(db.transaction(async () => undefined), 5000)).toMatchObject({ outcome: 'rejected' });
});

test('the defaults: 5 s to connect, 15 s a statement', async () => {
  const db = await createDatabase({ url: hung.url });
  opened.push(db);
  const query = await timed(db.query('SELECT 1'), 9000);
  expect(query).toMatchObject({ outcome: 'rejected', error: expect.stringMatching(/timeout/i) });
  expect(query.ms).toBeGreaterThanOrEqual(4900);
  expect(startupParameters(hung.startups[0]!)).toMatchObject({ statement_timeout: '15000', idle_in_transaction_session_timeout: '30000' });
}, 15_000);

describe('the rate limits in a database that hangs', () => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.drop();
  });

  test('fail open within their deadline: signed-in reads and writes are answered, not held', async () => {
    database = await createTestDatabase();
    // the counters' table lives in the database that hangs; everything else answers
    const counters = await createDatabase({ url: hung.url });
    opened.push(counters);
    const db: Database = {
      ...database.database,
      query: (text, params) => (text.includes('rate_limit_counters') ? counters.query(text, params) : database.database.query(text, params)),
    };
    const app = await buildApp({ db, config: testConfig({ RATE_LIMIT_STORE: 'database', WRITE_RATE_LIMIT_PER_MINUTE: 5, AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: 5 }), logger: false });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const user = await signInWithPhone();
      const read = await timed(request(`${url}/users/${user.uid}/notifications`, { token: user.idToken }), 4000);
      expect(read).toMatchObject({ outcome: 'resolved' });
      expect(read.ms).toBeLessThan(RATE_LIMIT_STORE_DEADLINE_MS * 2 + 500);
      const write = request(`${url}/users/consumer/${user.uid}/settings`, { method: 'PUT', token: user.idToken, json: { notifications: { email: true, sms: false, push: true } } });
      const wrote = await timed(write, 4000);
      expect(wrote).toMatchObject({ outcome: 'resolved' });
      expect(wrote.ms).toBeLessThan(RATE_LIMIT_STORE_DEADLINE_MS * 2 + 500);
      expect((await write).status).toBeLessThan(429);
    } finally {
      await app.close();
    }
  }, 60_000);
});
