import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bookingListSchema, bookingSchema, createOrderResponseSchema, type Booking } from '@utsav/contracts/schemas';
import { buildApp } from '../src/app';
import { backupDatabase, restoreDatabase, type BackupTarget } from '../src/db/backup';
import { createDatabase, runMigrations, type Database } from '../src/db';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, onboardConsumer, type FixtureMenu } from './support/bookings';
import { bookingIn, cancelBooking, insertMenu, payInCheckout, startSandbox } from './support/payments';
import { onServer, pgliteTemplate } from './support/test-database';
import { request, testConfig, type TestServer } from './support/test-server';

/**
 * The backup drill (issue 38, item 6; docs/operations.md "Backup and restore"): a database with a consumer's
 * journey in it (bookings paid, one cancelled and refunded, invoices, notifications) is backed up with the
 * API's own command, destroyed, restored, and an API started on it finds everything as it was, and goes on:
 * the next invoice takes the next number (no gap, no duplicate), the next notification a new id.
 * On the PostgreSQL server of DATABASE_URL (pg_dump/pg_restore, taken while the API runs) or on PGlite (its
 * data directory, taken with the API stopped).
 */

/** A database that can be backed up, destroyed and restored: a schema on the server, or a PGlite data directory. */
interface DrillDatabase {
  target: BackupTarget;
  open(): Promise<Database>;
  /** what a disaster does: the schema dropped, or the data directory gone */
  destroy(): Promise<void>;
}

async function drillDatabase(): Promise<DrillDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await onServer(url, `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public; CREATE SCHEMA ${schema}`);
    return {
      target: { url, schema },
      open: () => createDatabase({ url, searchPath: schema }),
      destroy: () => onServer(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`),
    };
  }
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-drill-')), 'pglite');
  // the migrated template loaded into a data directory: as `npm start`'s PGlite, on disk
  await restoreDatabase({ dataDir }, await templateFile());
  return {
    target: { dataDir },
    open: () => createDatabase({ dataDir }),
    destroy: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function templateFile(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-drill-template-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
  return file;
}

interface Running {
  server: TestServer;
  stop(): Promise<void>;
}

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let drill: DrillDatabase;
let running: Running | undefined;
beforeAll(async () => {
  sandbox = await startSandbox();
  drill = await drillDatabase();
});
afterAll(async () => {
  await running?.stop();
  await sandbox.sandbox.close();
  await drill.destroy();
});

/** The API on the drill's database, its orders going to the sandbox and the sandbox's webhooks to it. */
async function startApi(): Promise<Running> {
  const database = await drill.open();
  await runMigrations(database);
  const app: FastifyInstance = await buildApp({ db: database, config: testConfig({ RAZORPAY_API_URL: sandbox.url }), logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  sandbox.sandbox.sandbox.settings.webhookUrl = `${url}/payment/webhook`;
  const server: TestServer = { url, app, database, startInstance: () => Promise.reject(new Error('one instance in the drill')), close: async () => undefined };
  return {
    server,
    stop: async () => {
      await sandbox.sandbox.sandbox.webhooks.idle();
      await app.close();
      await database.close();
    },
  };
}

async function paid(server: TestServer, user: TestUser, menu: FixtureMenu): Promise<Booking> {
  const booking = await bookingIn(server, user, menu);
  const order = createOrderResponseSchema.parse((await request(`${server.url}/payment/create_order`, { token: user.idToken, json: { userId: user.uid, bookingId: booking.bookingId } })).body);
  const result = await payInCheckout(sandbox.url, order.id);
  expect((await request(`${server.url}/payment/verify_payment`, { token: user.idToken, json: result })).body).toMatchObject({ status: true });
  return expectContract(bookingSchema, (await request(`${server.url}/bookings/${booking.bookingId}`, { token: user.idToken })).body);
}

/** Everything of the journey a restore must bring back, read from the database. */
async function journeyRows(db: Database, uid: string) {
  const rows = (sql: string) => db.query(sql, [uid]);
  return {
    bookings: await rows(`SELECT id::text, status, amount FROM bookings WHERE consumer_uid = $1 ORDER BY id`),
    events: await rows(`SELECT e.booking_id::text, e.to_status FROM booking_events e JOIN bookings b ON b.id = e.booking_id WHERE b.consumer_uid = $1 ORDER BY e.booking_id, e.id`),
    payments: await rows(`SELECT p.id, p.status, p.amount FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.consumer_uid = $1 ORDER BY p.id`),
    refunds: await rows(`SELECT r.payment_id, r.status, r.refund_id, r.amount FROM payment_refunds r JOIN bookings b ON b.id = r.booking_id WHERE b.consumer_uid = $1 ORDER BY r.payment_id`),
    invoices: await rows(`SELECT i.number, i.total FROM invoices i JOIN bookings b ON b.id = i.booking_id WHERE b.consumer_uid = $1 ORDER BY i.number`),
    notifications: await rows(`SELECT id::text, kind, read_at IS NULL AS unread FROM notifications WHERE consumer_uid = $1 ORDER BY id`),
  };
}

const sequenceOf = (invoiceNumber: string) => Number(invoiceNumber.split('/').pop());

test('a journey backed up, the database destroyed and restored: all of it is back, and invoice numbers and ids go on without a gap or a duplicate', async () => {
  running = await startApi();
  const { server } = running;
  const catalog = await insertCatalogFixture(server.database);
  const menu = await insertMenu(server.database, catalog.providerA.serviceId, 5_000_000);
  const consumer = await signInWithPhone();
  await onboardConsumer(server.database, consumer);

  const first = await paid(server, consumer, menu);
  const second = await paid(server, consumer, menu);
  await cancelBooking(server, consumer, second.bookingId);
  await sandbox.sandbox.sandbox.webhooks.idle();
  const before = await journeyRows(server.database, consumer.uid);
  expect(before.bookings).toHaveLength(2);
  expect(before.invoices).toHaveLength(2);
  expect(before.refunds.length).toBeGreaterThan(0);
  expect(before.notifications.length).toBeGreaterThan(0);
  const [lastInvoice] = await server.database.query<{ number: string }>('SELECT number FROM invoices ORDER BY financial_year DESC, sequence DESC LIMIT 1');
  const [lastNotification] = await server.database.query<{ id: string }>('SELECT max(id)::text AS id FROM notifications');

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-backup-')), 'utsav.backup');
  // PostgreSQL: taken while the API runs (pg_dump reads one consistent snapshot); PGlite: with the API stopped
  if ('url' in drill.target) {
    await backupDatabase(drill.target, file);
    await running.stop();
  } else {
    await running.stop();
    await backupDatabase(drill.target, file);
  }
  running = undefined;
  expect(fs.statSync(file).size).toBeGreaterThan(0);

  await drill.destroy();
  await expect(restoreDatabase(drill.target, path.join(path.dirname(file), 'missing.backup'))).rejects.toThrow(/no backup at/);
  await restoreDatabase(drill.target, file);

  running = await startApi();
  const restored = running.server;
  expect(await journeyRows(restored.database, consumer.uid)).toEqual(before);
  // as the consumer sees it: both bookings, the first with its invoice, which still downloads
  const list = expectContract(bookingListSchema, (await request(`${restored.url}/bookings/user/${consumer.uid}`, { token: consumer.idToken })).body);
  expect(list.map((booking) => booking.bookingId).sort()).toEqual([first.bookingId, second.bookingId].sort());
  expect(list.find((booking) => booking.bookingId === first.bookingId)?.invoiceNumber).toBe(first.invoiceNumber);
  const pdf = await fetch(`${restored.url}/bookings/${first.bookingId}/invoice`, { headers: { Authorization: `Bearer ${consumer.idToken}` } });
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);

  // and it goes on: the next invoice is the next number of the year, the next notification a new id
  const third = await paid(restored, consumer, menu);
  expect(third.invoiceNumber).toBeDefined();
  expect(sequenceOf(third.invoiceNumber!)).toBe(sequenceOf(lastInvoice!.number) + 1);
  const numbers = await restored.database.query<{ number: string }>('SELECT number FROM invoices');
  expect(new Set(numbers.map((row) => row.number)).size).toBe(numbers.length);
  const [newest] = await restored.database.query<{ id: string }>('SELECT max(id)::text AS id FROM notifications');
  expect(BigInt(newest!.id)).toBeGreaterThan(BigInt(lastNotification!.id));
});

test('a restore into a PGlite data directory that holds a database is refused, and that database is untouched', async () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-drill-full-')), 'pglite');
  const template = await templateFile();
  await restoreDatabase({ dataDir }, template);
  const listed = fs.readdirSync(dataDir).sort();
  await expect(restoreDatabase({ dataDir }, template)).rejects.toThrow(/is not empty: move the database there aside/);
  expect(fs.readdirSync(dataDir).sort()).toEqual(listed);
  const database = await createDatabase({ dataDir });
  try {
    expect(await runMigrations(database)).toEqual([]);
  } finally {
    await database.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
});
