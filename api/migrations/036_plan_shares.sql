-- Issue 37, item 5: a plan shared read-only by a link its owner sends to family (GET /shared-plans/:token, no sign-in).
-- The link's token is 256 random bits, stored only as its SHA-256 (hex): a leaked table opens no plan. One working
-- link per plan (a new one revokes the one before); a revoked link is kept, with when, and opens nothing. A plan
-- deleted, its links go with it. Expand only: one new table.
CREATE TABLE plan_shares (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id     uuid NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  -- whether the booked vendors' prices show on the shared page (the owner's choice; hidden unless chosen)
  show_prices boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  CHECK (revoked_at IS NULL OR revoked_at >= created_at)
);
-- at most one working link per plan
CREATE UNIQUE INDEX plan_shares_active_idx ON plan_shares (plan_id) WHERE revoked_at IS NULL;
