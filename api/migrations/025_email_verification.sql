-- Email verification (issue 34, item 4): an address is proven to be the consumer's by a link sent to it.
--   * consumers.email_verified: the address whose link was opened. The email in use is verified while it
--     equals it; changing the email leaves the old one recorded here, so the new one is not verified.
--   * email_verifications: the links sent. Only a SHA-256 of the link's token is kept (the database never
--     holds a usable link); one expires after a day, and all of a consumer's go once one is opened.
--   * the email goes out through the notifications' outbox (notification_deliveries): a delivery with its
--     own subject and text, no notification behind it (nothing for the bell), and gone with its link.
ALTER TABLE consumers ADD COLUMN email_verified text;

CREATE TABLE email_verifications (
  token_hash   text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  consumer_uid text NOT NULL REFERENCES consumers (uid) ON DELETE CASCADE,
  email        text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX email_verifications_consumer_idx ON email_verifications (consumer_uid, created_at);

ALTER TABLE notification_deliveries
  ALTER COLUMN notification_id DROP NOT NULL,
  ADD COLUMN verification text REFERENCES email_verifications (token_hash) ON DELETE CASCADE,
  ADD COLUMN subject text CHECK (length(subject) <= 200),
  ADD COLUMN body text CHECK (length(body) <= 2000),
  -- a delivery tells of a notification, or carries a verification link with its own words: one of the two
  ADD CONSTRAINT notification_deliveries_what CHECK (
    (notification_id IS NOT NULL AND verification IS NULL AND subject IS NULL AND body IS NULL)
    OR (notification_id IS NULL AND verification IS NOT NULL AND subject IS NOT NULL AND body IS NOT NULL));
