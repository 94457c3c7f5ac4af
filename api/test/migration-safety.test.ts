import { readMigrations } from '../src/db';
import { EXPAND_CONTRACT_FROM, unsafeStatements } from '../src/db/migration-safety';

/**
 * Expand/contract: a migration runs while the previous release still serves, so from EXPAND_CONTRACT_FROM on
 * none may take away or change what that release uses in one step (src/db/migration-safety.ts); the rule is
 * shown to fire on each kind, and to let additions and marked contract steps through.
 */

const numberOf = (name: string) => Number(name.slice(0, 3));

test('every migration under the rule only expands (or marks its contract step)', () => {
  const judged = readMigrations().filter((migration) => numberOf(migration.name) >= EXPAND_CONTRACT_FROM);
  const unsafe = judged.flatMap((migration) => unsafeStatements(migration.sql).map((found) => `${migration.name}: ${found.why}: ${found.statement}`));
  expect(unsafe).toEqual([]);
});

test('the rule would have caught the one-step changes of migrations written before it', () => {
  const before = readMigrations().filter((migration) => numberOf(migration.name) < EXPAND_CONTRACT_FROM);
  // 013 backfilled two columns and made them NOT NULL in the same step; 014 the same for list_amount
  const caught = before.filter((migration) => unsafeStatements(migration.sql).length > 0).map((migration) => migration.name);
  expect(caught).toEqual(expect.arrayContaining(['013_addresses.sql', '014_cart_pricing.sql']));
});

test.each([
  ['DROP TABLE widgets;', 'drops what the running release may still use'],
  ['drop view if exists widget_names;', 'drops what the running release may still use'],
  ['ALTER TABLE bookings DROP COLUMN note;', 'drops a column'],
  ['ALTER TABLE bookings DROP note;', 'drops a column'],
  ['ALTER TABLE bookings ADD COLUMN notes text, DROP COLUMN note;', 'drops a column'],
  ['ALTER TABLE bookings RENAME COLUMN note TO notes;', 'renames'],
  ['ALTER TABLE bookings RENAME TO orders;', 'renames'],
  ['ALTER TABLE bookings ALTER COLUMN amount TYPE bigint;', "changes a column's type"],
  ['ALTER TABLE bookings ALTER COLUMN amount SET DATA TYPE bigint;', "changes a column's type"],
  ['ALTER TABLE bookings ALTER COLUMN note SET NOT NULL;', 'makes a column NOT NULL'],
  ['ALTER TABLE bookings ADD COLUMN channel text NOT NULL;', 'adds a NOT NULL column without a default'],
  ['ALTER TABLE bookings ADD channel text NOT NULL CHECK (channel IN (\'app\', \'web\'));', 'adds a NOT NULL column without a default'],
])('refused: %s', (sql, why) => {
  const [found, ...more] = unsafeStatements(`-- a comment\n${sql}\n`);
  expect(more).toEqual([]);
  expect(found?.why).toContain(why);
});

test.each([
  'CREATE TABLE widgets (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL);',
  'ALTER TABLE bookings ADD COLUMN channel text;',
  "ALTER TABLE bookings ADD COLUMN channel text NOT NULL DEFAULT 'app';",
  'ALTER TABLE bookings ADD COLUMN IF NOT EXISTS seq bigint GENERATED ALWAYS AS IDENTITY;',
  'ALTER TABLE bookings ADD CONSTRAINT bookings_note_length CHECK (length(note) < 2000) NOT VALID;',
  'ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;',
  'ALTER TABLE bookings ALTER COLUMN note DROP NOT NULL, ALTER COLUMN note DROP DEFAULT;',
  'CREATE INDEX IF NOT EXISTS bookings_note_idx ON bookings (note);',
  // a function body's words are not statements
  "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DROP TABLE t; RETURN NULL; END; $$;",
  "INSERT INTO notes (text) VALUES ('DROP TABLE bookings; ALTER TABLE x RENAME TO y');",
  // the contract step, marked
  '-- contract: no release reads bookings.legacy_note since 031\nALTER TABLE bookings DROP COLUMN legacy_note;',
])('let through: %s', (sql) => {
  expect(unsafeStatements(sql)).toEqual([]);
});
