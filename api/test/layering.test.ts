import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Routes sit on top: services, repositories and rules never import a route module (only the apps that
// register routes do), so what they share (messages, helpers) lives in a module of its own.
const SRC = join(__dirname, '..', 'src');
const COMPOSITION_ROOTS = new Set(['app.ts', 'sandbox/app.ts']);
const ROUTE_IMPORT = /from '[^']*-routes'/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

test('only route modules and the apps import route modules', () => {
  const files = sourceFiles(SRC).map((path) => relative(SRC, path).split('\\').join('/'));
  expect(files.length).toBeGreaterThan(20);
  const offenders = files.filter(
    (file) => !file.endsWith('-routes.ts') && !COMPOSITION_ROOTS.has(file) && ROUTE_IMPORT.test(readFileSync(join(SRC, file), 'utf8')),
  );
  expect(offenders).toEqual([]);
});

// SQL lives in repositories (and row modules): a route module parses, checks and answers, and asks them
const SQL = /[`'"]\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS)\b/;

test('no route module holds SQL', () => {
  const routes = sourceFiles(SRC).filter((path) => path.endsWith('-routes.ts'));
  expect(routes.length).toBeGreaterThan(10);
  const offenders = routes.filter((path) => SQL.test(readFileSync(path, 'utf8'))).map((path) => relative(SRC, path).split('\\').join('/'));
  expect(offenders).toEqual([]);
});

test('the SQL rule sees a statement in a route module', () => {
  expect(SQL.test("await query('UPDATE providers SET owner_uid = $2 WHERE id = $1', [id, uid]);")).toBe(true);
  expect(SQL.test('const rows = await db.query(`\n  SELECT id FROM offers`);')).toBe(true);
  expect(SQL.test("throw badRequest('Select a date');")).toBe(false);
});
