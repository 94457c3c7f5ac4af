import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { backupDatabase, restoreDatabase, type BackupTarget } from '../src/db/backup';

/**
 * `npm --prefix api run db:backup -- <file>` / `npm --prefix api run db:restore -- <file>`: the API's database
 * (DATABASE_URL, else PGlite in DATA_DIR/pglite, as the API opens it) to a file and back (src/db/backup.ts,
 * docs/operations.md). Restoring PGlite needs its data directory moved aside first; stop the API for both.
 */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: db-backup.ts backup|restore <file>');
    process.exit(2);
  }
  const url = process.env.DATABASE_URL;
  const target: BackupTarget = url ? { url } : { dataDir: path.join(path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data')), 'pglite') };
  const where = 'url' in target ? 'the PostgreSQL server of DATABASE_URL' : target.dataDir;
  const started = Date.now();
  if (command === 'backup') await backupDatabase(target, file);
  else await restoreDatabase(target, file);
  console.log(`${command === 'backup' ? 'backed up' : 'restored'} ${where} ${command === 'backup' ? 'to' : 'from'} ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
