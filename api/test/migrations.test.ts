import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrations, runMigrations } from '../src/db';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  // already migrated once by the helper, as the server does at start
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const appliedNames = () =>
  testDb.database.transaction((sql) =>
    sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
  );
const tableExists = (name: string) =>
  testDb.database.transaction(async (sql) => {
    const [row] = await sql.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [name]);
    return row?.found != null;
  });

function migrationsFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-migrations-'));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

test('the first run applied every migration and recorded it', async () => {
  expect((await appliedNames()).map((row) => row.name)).toEqual(readMigrations().map((m) => m.name));
  expect(await tableExists('consumers')).toBe(true);
  expect(await tableExists('uploads')).toBe(true);
  for (const table of [
    'providers', 'services', 'service_images', 'menus', 'menu_items', 'menu_custom_options', 'catalog_words',
    'bookings', 'booking_events', 'carts', 'cart_items', 'payment_orders', 'payments', 'webhook_events', 'offers',
  ]) {
    expect(await tableExists(table)).toBe(true);
  }
});

test('running again changes nothing (idempotent)', async () => {
  const before = await appliedNames();
  expect(await runMigrations(testDb.database)).toEqual([]);
  expect(await runMigrations(testDb.database)).toEqual([]);
  expect(await appliedNames()).toEqual(before);
});

test('a failing migration rolls back the whole run', async () => {
  const before = await appliedNames();
  const dir = migrationsFolder({
    '901_widgets.sql': 'CREATE TABLE widgets (id int PRIMARY KEY);',
    '902_broken.sql': 'CREATE TABLE gadgets (id int PRIMARY KEY); SELECT * FROM no_such_table;',
  });
  await expect(runMigrations(testDb.database, dir)).rejects.toThrow(/^Migration 902_broken\.sql failed: .*no_such_table/);
  expect(await tableExists('widgets')).toBe(false);
  expect(await tableExists('gadgets')).toBe(false);
  expect(await appliedNames()).toEqual(before);
});

test('migration files must be NNN_name.sql with distinct numbers', () => {
  expect(() => readMigrations(migrationsFolder({ 'create-things.sql': '' }))).toThrow('must be named NNN_lowercase_name.sql');
  expect(() => readMigrations(migrationsFolder({ '001_a.sql': '', '001_b.sql': '' }))).toThrow('Two migrations are numbered 001');
});
