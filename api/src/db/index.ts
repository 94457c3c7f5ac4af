export { createDatabase, type Database, type DatabaseOptions, type Orm, type SqlSession } from './database';
export { runMigrations, readMigrations, MIGRATIONS_DIR } from './migrate';
export * as schema from './schema';
