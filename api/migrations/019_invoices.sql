-- GST tax invoices (issue 19, item 6): one for every captured payment that pays for its booking, written in
-- the same transaction that records the capture. Numbered per Indian financial year (April–March) with no
-- gaps: the year's counter row is incremented under its row lock in that transaction, so a transaction that
-- rolls back takes its number back with it, and two captures at once get consecutive numbers.
CREATE TABLE invoice_counters (
  financial_year text PRIMARY KEY CHECK (financial_year ~ '^\d{4}-\d{2}$'),
  last_number    integer NOT NULL CHECK (last_number > 0)
);

-- What the invoice says, fixed when it is issued (a later rename or address change does not alter it).
CREATE TABLE invoices (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'UTS/2026-27/000001'
  number         text NOT NULL UNIQUE,
  financial_year text NOT NULL,
  sequence       integer NOT NULL CHECK (sequence > 0),
  payment_id     text NOT NULL UNIQUE REFERENCES payments (id),
  booking_id     uuid NOT NULL REFERENCES bookings (id),
  issued_on      date NOT NULL,
  -- the buyer, as the booking names them
  buyer_name     text NOT NULL,
  buyer_email    text NOT NULL,
  buyer_address  text NOT NULL,
  buyer_state    text NOT NULL,
  -- what was booked
  description    text NOT NULL,
  -- paise: the platform fee (Utsav's supply) and its GST, and the advance received on the provider's behalf
  platform_fee   integer NOT NULL CHECK (platform_fee >= 0),
  gst            integer NOT NULL CHECK (gst >= 0),
  advance        integer NOT NULL CHECK (advance >= 0),
  total          integer NOT NULL CHECK (total = platform_fee + gst + advance),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (financial_year, sequence)
);
CREATE INDEX invoices_booking_idx ON invoices (booking_id);
