import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bookingListSchema, bookingSchema } from '@utsav/contracts/schemas';
import { buildApp } from '../src/app';
import { MIGRATIONS_DIR, readMigrations, runMigrations, type Database } from '../src/db';
import { unsafeStatements } from '../src/db/migration-safety';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { bookingPayload, inDays, insertCatalogFixture, onboardConsumer, type FixtureMenu } from './support/bookings';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { request, testConfig } from './support/test-server';

/**
 * A rolling deploy with a schema change (issue 38, item 5; docs/operations.md): the running release's API keeps
 * serving a light load (bookings made and read, as people do) while the next release's API starts on the same
 * database and applies its migration, and then both serve side by side. With an expand-only migration no request
 * fails and no write is lost; the same deploy with a one-step rename (what src/db/migration-safety.ts refuses)
 * breaks the running release, which is why the check exists.
 */

/** The next release's migrations: this release's, and one more. */
function nextRelease(extra: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-next-release-'));
  for (const migration of readMigrations(MIGRATIONS_DIR)) fs.writeFileSync(path.join(dir, migration.name), migration.sql);
  fs.writeFileSync(path.join(dir, '999_next_release.sql'), extra);
  return dir;
}

const EXPAND = `
-- the next release records where a booking was made: a new nullable column and its index, and a new table
ALTER TABLE bookings ADD COLUMN made_in text CHECK (made_in IN ('app', 'web'));
CREATE INDEX bookings_made_in_idx ON bookings (made_in);
CREATE TABLE booking_labels (
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  label      text NOT NULL,
  PRIMARY KEY (booking_id, label)
);
`;
const RENAME = `ALTER TABLE bookings RENAME COLUMN note TO notes;`;

interface Deploy {
  db: TestDatabase;
  menu: FixtureMenu;
  users: TestUser[];
  apps: FastifyInstance[];
  databases: Database[];
}

async function startRelease(deploy: Deploy, database: Database): Promise<string> {
  const app = await buildApp({ db: database, config: testConfig(), logger: false });
  deploy.apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function setUp(): Promise<Deploy> {
  const db = await createTestDatabase();
  const catalog = await insertCatalogFixture(db.database);
  const users = await Promise.all([signInWithPhone(), signInWithPhone()]);
  for (const user of users) await onboardConsumer(db.database, user);
  return { db, menu: catalog.providerA.menus[0]!, users, apps: [], databases: [] };
}

async function tearDown(deploy: Deploy): Promise<void> {
  for (const app of deploy.apps) await app.close();
  for (const database of deploy.databases) await database.close();
  await deploy.db.drop();
}

interface Load {
  /** bookings the API acknowledged (201), by id */
  made: Set<string>;
  /** every answer that was not what a person expects: "<status> <route>" */
  failed: string[];
  requests: number;
  stop(): Promise<void>;
}

/** A few people at once against the given instances, in turn: a booking made, then their list read. */
function lightLoad(deploy: Deploy, urls: () => string[]): Load {
  const load: Load = { made: new Set(), failed: [], requests: 0, stop: async () => undefined };
  let running = true;
  let turn = 0;
  const person = async (user: TestUser, index: number) => {
    while (running) {
      const url = urls()[turn++ % urls().length]!;
      const n = load.requests++;
      const payload = bookingPayload(user, deploy.menu, { note: `rolling #${n}`, preferredDateRange: { from: inDays(5 + (n % 200)), to: inDays(6 + (n % 200)) } });
      const created = await request(`${url}/bookings`, { token: user.idToken, json: payload, headers: { nocart: 'true' } }).catch((error: Error) => ({ status: 0, body: error.message }));
      if (created.status === 201) load.made.add(bookingSchema.parse(created.body).bookingId);
      else load.failed.push(`${created.status} POST /bookings ${JSON.stringify(created.body)}`);
      const listed = await request(`${url}/bookings/user/${user.uid}`, { token: user.idToken }).catch((error: Error) => ({ status: 0, body: error.message }));
      if (listed.status !== 200 || !bookingListSchema.safeParse(listed.body).success) load.failed.push(`${listed.status} GET /bookings/user/:uid`);
      await new Promise((resolve) => setTimeout(resolve, 20 + index * 7));
    }
  };
  const people = deploy.users.map((user, index) => person(user, index));
  load.stop = async () => {
    running = false;
    await Promise.all(people);
  };
  return load;
}

/** Resolves once `count` more requests have been made. */
async function requestsGo(load: Load, count: number): Promise<void> {
  const target = load.requests + count;
  while (load.requests < target) await new Promise((resolve) => setTimeout(resolve, 25));
}

test('an expand-only migration, applied by the next release while the running one serves: no request fails, no write is lost', async () => {
  const deploy = await setUp();
  try {
    expect(unsafeStatements(EXPAND)).toEqual([]);
    const running = await startRelease(deploy, deploy.db.database);
    const urls = [running];
    const load = lightLoad(deploy, () => urls);
    await requestsGo(load, 10);

    // the next release starts: its own connection, its migration, then it takes traffic beside the running one
    const nextDb = await deploy.db.connectAgain();
    deploy.databases.push(nextDb);
    expect(await runMigrations(nextDb, nextRelease(EXPAND))).toEqual(['999_next_release.sql']);
    urls.push(await startRelease(deploy, nextDb));
    await requestsGo(load, 20);
    // the running release is drained and stopped; the next one serves alone
    urls.shift();
    await requestsGo(load, 10);
    await load.stop();

    expect(load.failed).toEqual([]);
    const stored = await deploy.db.database.query<{ id: string }>(`SELECT id::text FROM bookings WHERE note LIKE 'rolling #%'`);
    expect(new Set(stored.map((row) => row.id))).toEqual(load.made);
    expect(load.made.size).toBeGreaterThanOrEqual(20);
  } finally {
    await tearDown(deploy);
  }
});

test('the same deploy with a one-step rename breaks the running release: why the migration check refuses it', async () => {
  const deploy = await setUp();
  try {
    expect(unsafeStatements(RENAME).map((found) => found.why)).toEqual(['renames what the running release names']);
    const running = await startRelease(deploy, deploy.db.database);
    const load = lightLoad(deploy, () => [running]);
    await requestsGo(load, 6);
    const nextDb = await deploy.db.connectAgain();
    deploy.databases.push(nextDb);
    await runMigrations(nextDb, nextRelease(RENAME));
    await requestsGo(load, 6);
    await load.stop();
    expect(load.failed.filter((failure) => failure.includes('POST /bookings')).length).toBeGreaterThan(0);
  } finally {
    await tearDown(deploy);
  }
});
