import { settingsOrExit } from '@utsav/tooling/src/environment.cjs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase, runMigrations } from './db';

/** Starts the API: open the database, migrate, listen; close cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = settingsOrExit(() => loadConfig());
  const db = await createDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, timeouts: { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS } }
      : { dataDir: `${config.DATA_DIR}/pglite` },
  );
  const lifecycle = { draining: false };
  const app = await buildApp({ db, config, lifecycle });
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    try {
      // GET /ready says so at once: the load balancer stops sending new requests while this one still takes them
      lifecycle.draining = true;
      if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      await app.close(); // stops accepting requests, ends the live streams, lets those in flight finish
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  try {
    const applied = await runMigrations(db);
    app.log.info({ applied, database: db.kind }, applied.length ? 'migrations applied' : 'schema up to date');
    // local runs only (SEED_DEMO_CATALOG is refused under NODE_ENV=production): production never seeds, and its
    // bundle does not hold the seed (build.mjs puts it in dist-local/, which no image copies)
    if (config.SEED_DEMO_CATALOG) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { seedCatalogIfEmpty } = require('./catalog/seed/seed-catalog') as typeof import('./catalog/seed/seed-catalog');
      const seeded = await seedCatalogIfEmpty(db);
      if (seeded) app.log.info({ seeded }, 'empty catalog seeded with the demo catalog');
    }
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(`Utsav API listening on ${address}`);
  } catch (error) {
    app.log.error({ err: error }, 'API failed to start');
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(1);
  }
}

void main().catch((error: unknown) => {
  console.error('API failed to start:', error);
  process.exit(1);
});
