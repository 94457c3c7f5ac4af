-- Rate limits shared by every API instance (issue 21): with a PostgreSQL server (DATABASE_URL) the API counts
-- each client's requests here (http/rate-limit-store.ts) rather than in each process, so N instances behind a
-- load balancer give a client one budget, not N. UNLOGGED: counters of the last minute are not worth a WAL
-- write each, and a crash that empties them only gives everyone a fresh minute.
CREATE UNLOGGED TABLE rate_limit_counters (
  key          text PRIMARY KEY CHECK (length(key) <= 300),
  window_start timestamptz NOT NULL,
  count        integer NOT NULL
);
