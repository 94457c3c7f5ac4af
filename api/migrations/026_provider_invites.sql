-- A provider listing is claimed by the person who runs it, with its invite code (issue 36): one code per listing,
-- stored hashed (SHA-256 of the code as normalised); claiming sets providers.owner_uid, so a listing has one owner.
-- Locally the seeded listings get codes made from their ids (bookings/provider-invites.ts), only where the
-- provider stand-in runs, which production refuses.
CREATE TABLE provider_invites (
  provider_id uuid PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
  code_hash   text NOT NULL UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  claimed_at  timestamptz,
  claimed_by  text CHECK (length(claimed_by) BETWEEN 1 AND 128)
);
