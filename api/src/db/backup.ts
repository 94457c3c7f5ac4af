import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './database';

/**
 * Backup and restore of the API's database (docs/operations.md, "Backup and restore"):
 * - a PostgreSQL server: `pg_dump` in its custom format (compressed, restorable table by table) and
 *   `pg_restore` into an emptied database, in one transaction, so a restore that fails leaves nothing half
 *   written. Owners and grants are left out: the restored objects belong to whoever restores them.
 * - embedded PGlite (a developer's machine): its data directory as one gzipped tarball (PGlite's own
 *   `dumpDataDir`), taken while no API has it open, and loaded back into an empty directory.
 * A managed PostgreSQL's continuous backup (point-in-time recovery) is the provider's: the notes are in
 * docs/operations.md. This is the logical backup beside it, and the drill (test/backup-restore.test.ts).
 */
export type BackupTarget =
  /** `schema`: back up that schema only (the tests' isolation); the whole database otherwise */
  | { url: string; schema?: string }
  /** PGlite's data directory, with no process using it */
  | { dataDir: string };

/** Runs a PostgreSQL client program; rejects with what it printed when it fails. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${program} is not installed (the PostgreSQL client programs: apt install postgresql-client)`) : error),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${stderr.trim()}`))));
  });
}

const schemaArgs = (schema?: string) => {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema must be a plain lower-case name, got "${schema}"`);
  return schema ? [`--schema=${schema}`] : [];
};

/** Writes a backup of `target` to `file` (created or replaced). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  if ('url' in target) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...schemaArgs(target.schema), `--file=${partial}`, `--dbname=${target.url}`]);
  } else {
    if (!fs.existsSync(path.join(target.dataDir, 'PG_VERSION'))) throw new Error(`${target.dataDir} holds no PGlite database`);
    const client = await PGlite.create(target.dataDir, PGLITE_OPTIONS);
    try {
      const tarball = await client.dumpDataDir('gzip');
      fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  // a backup that stopped half way never replaces a good one
  fs.renameSync(partial, file);
}

/**
 * Restores `file` into `target`: on PostgreSQL, what the backup holds replaces the objects of the same
 * names (dropped first where they exist), in one transaction; on PGlite, into an empty or missing data
 * directory (a directory that holds a database is refused: move it aside first).
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`);
  if ('url' in target) {
    // everything the backup holds (a schema's backup holds that schema, its creation too)
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${target.url}`, file]);
    return;
  }
  if (fs.existsSync(target.dataDir) && fs.readdirSync(target.dataDir).length > 0) {
    throw new Error(`${target.dataDir} is not empty: move the database there aside before restoring into it`);
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir, { ...PGLITE_OPTIONS, loadDataDir: new Blob([fs.readFileSync(file)]) });
  await client.close();
}
