-- Uploads: one row per stored file (profile photos), so an account's files can be found and deleted
-- with it. No foreign key to consumers: onboarding uploads the photo before it posts the profile.
CREATE TABLE uploads (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uid          text NOT NULL,
  file_name    text NOT NULL UNIQUE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
  byte_size    integer NOT NULL CHECK (byte_size > 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX uploads_uid_idx ON uploads (uid);
