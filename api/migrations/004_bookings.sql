-- Bookings (spec §3 Booking, §4 Booking status), their history, the server-side cart, and provider accounts.
-- Money is integer paise. Dates are the event's calendar dates (no time zone); times are on the hour.

-- The Firebase uid of the account that runs a provider (accepts and declines its bookings). NULL: the
-- provider has no account yet (every seeded provider); the local stand-in answers for those.
ALTER TABLE providers ADD COLUMN owner_uid text CHECK (length(owner_uid) BETWEEN 1 AND 128);
CREATE INDEX providers_owner_uid_idx ON providers (owner_uid) WHERE owner_uid IS NOT NULL;

CREATE TABLE bookings (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the Firebase uid of the consumer who asked (the token's, never the payload's)
  consumer_uid   text NOT NULL,
  consumer_name  text NOT NULL,
  consumer_email text NOT NULL,
  -- the catalog rows it was made from; a booked service, menu or provider cannot be deleted
  service_id     uuid NOT NULL REFERENCES services (id),
  menu_id        uuid NOT NULL REFERENCES menus (id),
  provider_id    uuid NOT NULL REFERENCES providers (id),
  -- snapshot of the menu at booking time: a later rename or price change does not alter the booking
  menu_name      text NOT NULL,
  amount         integer NOT NULL CHECK (amount >= 0),
  currency       text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  status         text NOT NULL DEFAULT 'requested'
                   CHECK (status IN ('requested', 'accepted', 'confirmed', 'failed', 'cancelled')),
  -- why a failed booking failed: the provider declined it, or its payment failed (only the latter can be
  -- paid again); NULL exactly when the booking is not failed
  failure_reason text CHECK (failure_reason IN ('declined', 'payment_failed')),
  -- the day the request was made (Asia/Kolkata)
  booking_date   date NOT NULL,
  date_from      date NOT NULL,
  date_to        date NOT NULL,
  time_start     time NOT NULL,
  time_end       time NOT NULL,
  -- plain text, trimmed; '' when there is none
  note           text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (date_from <= date_to),
  CHECK (time_start < time_end),
  CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
);

-- My Bookings: a consumer's bookings, newest first
CREATE INDEX bookings_consumer_idx ON bookings (consumer_uid, created_at DESC, id DESC);
-- a provider's bookings, by status, newest first
CREATE INDEX bookings_provider_idx ON bookings (provider_id, status, created_at DESC, id DESC);
-- the provider stand-in's poll: requests waiting for an answer, oldest first
CREATE INDEX bookings_requested_idx ON bookings (created_at) WHERE status = 'requested';

-- Every status a booking has had, written by the same statement sequence as the change itself.
-- from_status is NULL for the creation; actor is a Firebase uid or a system name ('provider-stand-in', 'payment').
CREATE TABLE booking_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id  uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  from_status text,
  to_status   text NOT NULL,
  actor       text NOT NULL,
  reason      text,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, id);

-- One cart per consumer, created on first use.
CREATE TABLE carts (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  consumer_uid text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- A selection kept for later. Title and price are read from the menu (current values), so they are not
-- stored; an item disappears with its menu.
CREATE TABLE cart_items (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id    uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  menu_id    uuid NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  quantity   integer NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  date_from  date NOT NULL,
  date_to    date NOT NULL,
  time_start time NOT NULL,
  time_end   time NOT NULL,
  note       text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (date_from <= date_to),
  CHECK (time_start < time_end)
);
CREATE INDEX cart_items_cart_idx ON cart_items (cart_id, created_at, id);
