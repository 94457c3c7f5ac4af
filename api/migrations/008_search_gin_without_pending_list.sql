-- Search speed. A GIN index with fastupdate (the default) parks new entries in a "pending list" that every
-- search then scans linearly, until VACUUM (autovacuum on a server; PGlite has none) merges it. After the
-- large seed the list held 146 pages and doubled the time of a search. The catalog is read-mostly, so
-- entries go straight into the index instead (a seed batch inserts a little slower), and what is pending
-- now is merged. gin_clean_pending_list works inside the migration's transaction, where VACUUM cannot.
ALTER INDEX services_search_idx SET (fastupdate = off);
ALTER INDEX catalog_words_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('services_search_idx'::regclass);
SELECT gin_clean_pending_list('catalog_words_trgm_idx'::regclass);
