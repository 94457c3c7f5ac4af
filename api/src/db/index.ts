export { createDatabase, type Database, type DatabaseOptions, type SqlSession } from './database';
export { runMigrations, readMigrations, MIGRATIONS_DIR } from './migrate';
