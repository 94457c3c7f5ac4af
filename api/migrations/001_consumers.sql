-- Consumers: one row per Firebase user who finished onboarding (spec §3 "Onboarding form data").
CREATE TABLE consumers (
  uid               text PRIMARY KEY,
  name              text NOT NULL,
  email             text NOT NULL,
  age               integer NOT NULL CHECK (age BETWEEN 1 AND 120),
  gender            text NOT NULL CHECK (gender IN ('male', 'female', 'other')),
  phone             text NOT NULL,
  profile_photo_url text,
  service           text,
  skipped_service   boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
