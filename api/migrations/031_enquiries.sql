-- Issue 37, item 3: enquiries and quotes. A consumer asks a service for a quote for one of their plan's events; the
-- person who runs the listing answers with a quote (line items; the total the API adds up) or declines; the consumer
-- accepts a quote, which becomes a booking request at the quoted price through the one booking path (the booking
-- keeps the quote's id), or declines it. The state machines are @utsav/contracts/enquiry-state. At most 50 open or
-- quoted enquiries a consumer (the API refuses more with a 409). Expand only: three new tables and a nullable column.

-- The event is copied (kind, name, date, city, guests): a later edit of the event does not change what the provider
-- was asked; the event deleted, the enquiry stays with its copy.
CREATE TABLE enquiries (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  consumer_uid text NOT NULL,
  event_id     uuid REFERENCES plan_events (id) ON DELETE SET NULL,
  service_id   uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  provider_id  uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  event_kind   text NOT NULL CHECK (event_kind IN ('haldi', 'mehendi', 'sangeet', 'wedding', 'reception', 'other')),
  event_name   text NOT NULL DEFAULT '' CHECK (length(event_name) <= 80),
  event_date   date NOT NULL,
  event_city   text NOT NULL DEFAULT '' CHECK (length(event_city) <= 80),
  guests       integer NOT NULL CHECK (guests BETWEEN 1 AND 10000),
  message      text NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'quoted', 'booked', 'declined', 'withdrawn', 'closed')),
  -- the provider's words when it declined
  decline_reason text CHECK (length(decline_reason) <= 500),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- one enquiry waiting for an answer per consumer, event and service (a second is a 409)
CREATE UNIQUE INDEX enquiries_one_open_idx ON enquiries (consumer_uid, event_id, service_id) WHERE status IN ('open', 'quoted');
-- GET /enquiries: a consumer's, newest first
CREATE INDEX enquiries_consumer_idx ON enquiries (consumer_uid, created_at DESC, id DESC);
-- GET /provider/enquiries: a listing's, newest first
CREATE INDEX enquiries_provider_idx ON enquiries (provider_id, created_at DESC, id DESC);

-- A quote's total is the sum of its line items' amounts (integer paise), added up by the API. 'expired' is not
-- stored: an open quote whose valid_until (an India date) has gone by reads as expired.
CREATE TABLE quotes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  enquiry_id  uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  -- [{ "label": text, "amount": paise }], 1 to 20
  line_items  jsonb NOT NULL CHECK (jsonb_typeof(line_items) = 'array' AND jsonb_array_length(line_items) BETWEEN 1 AND 20),
  total       integer NOT NULL CHECK (total > 0),
  valid_until date NOT NULL,
  note        text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'superseded', 'withdrawn')),
  -- the uid of the account that sent it
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- at most one open quote per enquiry (a new one supersedes it), and one accepted
CREATE UNIQUE INDEX quotes_one_open_idx ON quotes (enquiry_id) WHERE status = 'open';
CREATE UNIQUE INDEX quotes_one_accepted_idx ON quotes (enquiry_id) WHERE status = 'accepted';
CREATE INDEX quotes_enquiry_idx ON quotes (enquiry_id, created_at DESC, id DESC);

-- Every status change of an enquiry or of one of its quotes, written in the change's transaction (like booking_events).
CREATE TABLE enquiry_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  enquiry_id  uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  -- NULL: a change of the enquiry itself
  quote_id    uuid REFERENCES quotes (id) ON DELETE CASCADE,
  action      text NOT NULL,
  from_status text,
  to_status   text NOT NULL,
  actor       text NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enquiry_events_enquiry_idx ON enquiry_events (enquiry_id, id);

-- The quote a booking request was made from (NULL: booked from a package). Its menu_id stays the service's
-- reference package (the cheapest when the quote was accepted: menu_id is NOT NULL and the running release reads
-- it); its menu_name, amount and list_amount are the quote's. One booking per quote.
ALTER TABLE bookings ADD COLUMN quote_id uuid REFERENCES quotes (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX bookings_quote_idx ON bookings (quote_id) WHERE quote_id IS NOT NULL;
