-- A provider's reply to a review of one of its services (issue 36, item 7): once per review, never edited.
-- The service page shows it under the review (GET /services/{id}/reviews), so it is a catalog answer too:
-- writing one bumps the catalog's version, which empties the cached answers (007_catalog_version.sql).
CREATE TABLE review_replies (
  review_id   uuid PRIMARY KEY REFERENCES reviews (id) ON DELETE CASCADE,
  -- the listing that answered (the review's service's provider when it was written)
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  -- the account that wrote it (the listing's owner then)
  author_uid  text NOT NULL,
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  -- the day it was written (India's date)
  replied_on  date NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_replies_provider_idx ON review_replies (provider_id);

CREATE TRIGGER review_replies_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_replies
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
