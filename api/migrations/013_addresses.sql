-- Who and where (issue 15): saved addresses, and what a booking keeps of its service, provider and place.

-- A consumer's saved addresses (at most 10: the API refuses more with a 409). The state is one of India's
-- states and union territories (the contracts' INDIAN_STATES, checked by the API); line2 and landmark are
-- '' when there is none.
CREATE TABLE addresses (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  consumer_uid text NOT NULL CHECK (length(consumer_uid) BETWEEN 1 AND 128),
  label        text NOT NULL CHECK (label IN ('Home', 'Work', 'Other')),
  line1        text NOT NULL CHECK (length(line1) BETWEEN 1 AND 120),
  line2        text NOT NULL DEFAULT '' CHECK (length(line2) <= 120),
  landmark     text NOT NULL DEFAULT '' CHECK (length(landmark) <= 120),
  city         text NOT NULL CHECK (length(city) BETWEEN 1 AND 60),
  state        text NOT NULL CHECK (length(state) BETWEEN 1 AND 60),
  -- six digits, the first not 0
  pincode      text NOT NULL CHECK (pincode ~ '^[1-9][0-9]{5}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- My Account and the slot page: a consumer's addresses, newest first
CREATE INDEX addresses_consumer_idx ON addresses (consumer_uid, created_at DESC, id DESC);

-- A cart item is for one of its consumer's saved addresses; NULL only for items added before addresses.
-- An address cannot be deleted while a cart item is for it (the API says so with a 409 first).
ALTER TABLE cart_items ADD COLUMN address_id uuid REFERENCES addresses (id);
CREATE INDEX cart_items_address_idx ON cart_items (address_id) WHERE address_id IS NOT NULL;

-- Copies taken when the booking is made, from the catalog and the saved address (never from the client): a
-- later rename, edit or delete does not change the booking. Older bookings get the service title and provider
-- name from the catalog here; their address stays NULL (none was ever asked for). Account deletion clears the
-- address (personal data) like the note.
ALTER TABLE bookings
  ADD COLUMN service_title    text,
  ADD COLUMN provider_name    text,
  ADD COLUMN address_label    text,
  ADD COLUMN address_line1    text,
  ADD COLUMN address_line2    text,
  ADD COLUMN address_landmark text,
  ADD COLUMN address_city     text,
  ADD COLUMN address_state    text,
  ADD COLUMN address_pincode  text;

UPDATE bookings b SET service_title = s.title, provider_name = p.name
FROM services s, providers p
WHERE s.id = b.service_id AND p.id = b.provider_id;

ALTER TABLE bookings
  ALTER COLUMN service_title SET NOT NULL,
  ALTER COLUMN provider_name SET NOT NULL,
  ADD CONSTRAINT bookings_address_whole_check CHECK (
    num_nulls(address_label, address_line1, address_line2, address_landmark, address_city, address_state, address_pincode) IN (0, 7)
  );
