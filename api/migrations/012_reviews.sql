-- Reviews of a service (issue 15, item 5). A service's review_count and average_rating are DERIVED from
-- this table: a statement trigger recomputes them for the services a write touched, so they always equal
-- what the table holds while reads (search, popular: they sort by the columns) stay a plain column read.
-- Writers that already know the figures (the seed) insert the services with them: the trigger then finds
-- nothing to change and updates no row.

CREATE TABLE reviews (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_id  uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  -- the name the reviewer shows (pages show its initials)
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 80),
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  -- the day it was written (India's date)
  reviewed_on date NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- a service's reviews, newest first (the Reviews tab pages through this); also what the trigger counts
CREATE INDEX reviews_service_newest_idx ON reviews (service_id, reviewed_on DESC, id DESC);

CREATE FUNCTION reviews_refresh_service_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT service_id ORDER BY service_id) INTO touched FROM new_reviews;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT service_id ORDER BY service_id) INTO touched FROM old_reviews;
  ELSE
    SELECT array_agg(DISTINCT service_id ORDER BY service_id) INTO touched
    FROM (SELECT service_id FROM new_reviews UNION SELECT service_id FROM old_reviews) AS both_sides;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  -- lock the services first (in id order: no deadlock between two writers), so the counts below, read by a
  -- new statement, see every review committed before the lock was granted: concurrent writers serialize
  PERFORM 1 FROM services WHERE id = ANY (touched) ORDER BY id FOR UPDATE;
  UPDATE services s
  SET review_count = figures.review_count, average_rating = figures.average_rating
  FROM (
    SELECT t.id, count(r.id)::integer AS review_count, round(avg(r.rating), 1)::numeric(2, 1) AS average_rating
    FROM unnest(touched) AS t (id) LEFT JOIN reviews r ON r.service_id = t.id
    GROUP BY t.id
  ) AS figures
  WHERE s.id = figures.id
    AND (s.review_count, s.average_rating) IS DISTINCT FROM (figures.review_count, figures.average_rating);
  RETURN NULL;
END;
$$;

CREATE TRIGGER reviews_refresh_on_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_service_figures();
CREATE TRIGGER reviews_refresh_on_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS new_reviews OLD TABLE AS old_reviews FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_service_figures();
CREATE TRIGGER reviews_refresh_on_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_reviews FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_service_figures();
-- reviews are catalog answers too (GET /services/{id}/reviews is cached like the rest)
CREATE TRIGGER reviews_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();

-- Services seeded before this migration carry counts with no rows behind them. Make them honest now (no
-- reviews yet: 0 and no rating) and remember what they had: at the next start the seed step
-- (src/catalog/seed/seed-catalog.ts) writes that many generated reviews for each, deterministically, and the
-- trigger above brings the figures back. Until then a service shows only what it can list.
CREATE TABLE review_backfill (
  service_id     uuid PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
  review_count   integer NOT NULL,
  average_rating numeric(2, 1)
);
INSERT INTO review_backfill (service_id, review_count, average_rating)
SELECT id, review_count, average_rating FROM services WHERE review_count > 0;
UPDATE services SET review_count = 0, average_rating = NULL WHERE review_count > 0;
