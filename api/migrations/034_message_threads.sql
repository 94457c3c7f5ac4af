-- Issue 37, item 4: a conversation between the consumer and the person who runs the listing, one per enquiry and one
-- per booking. A message is text, photos (uploads of its sender, by file name: the upload cleanup keeps them), or both.
-- Its words are stored as typed; phone numbers and email addresses are masked when it is read, until the booking is
-- confirmed (@utsav/contracts/contact-mask, the same rule as the provider's view of a booking's contact). Read
-- receipts are one mark per thread and side. The live stream finds what changed by transaction (txid, like
-- booking_events since migration 020). Expand only: three new tables, the notifications' kinds widened.
CREATE TABLE messages (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  enquiry_id  uuid REFERENCES enquiries (id) ON DELETE CASCADE,
  booking_id  uuid REFERENCES bookings (id) ON DELETE CASCADE,
  sender_uid  text NOT NULL,
  sender_role text NOT NULL CHECK (sender_role IN ('consumer', 'provider')),
  body        text NOT NULL DEFAULT '' CHECK (length(body) <= 2000),
  -- upload file names (uploads.file_name), in the order sent
  photos      text[] NOT NULL DEFAULT '{}' CHECK (cardinality(photos) <= 4),
  -- the sender's own key for this message: a send tried again (a lost answer, back online) is one message
  client_key  uuid NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  txid        xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CHECK ((enquiry_id IS NULL) <> (booking_id IS NULL)),
  CHECK (length(body) > 0 OR cardinality(photos) > 0)
);
CREATE UNIQUE INDEX messages_client_key_idx ON messages (sender_uid, client_key);
-- a thread's messages in order (and its page before a message)
CREATE INDEX messages_enquiry_idx ON messages (enquiry_id, created_at, id) WHERE enquiry_id IS NOT NULL;
CREATE INDEX messages_booking_idx ON messages (booking_id, created_at, id) WHERE booking_id IS NOT NULL;
-- the live stream's look: what committed between two positions
CREATE INDEX messages_txid_idx ON messages (txid);
-- the upload cleanup: is this file in a message?
CREATE INDEX messages_photos_idx ON messages USING gin (photos);

-- What each side has read of a thread: everything sent up to read_upto (a message's created_at). One row per thread
-- and side; the person who runs the listing reads as 'provider'.
CREATE TABLE thread_reads (
  thread_kind text NOT NULL CHECK (thread_kind IN ('enquiry', 'booking')),
  thread_id   uuid NOT NULL,
  reader_role text NOT NULL CHECK (reader_role IN ('consumer', 'provider')),
  read_upto   timestamptz NOT NULL,
  txid        xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (thread_kind, thread_id, reader_role)
);
CREATE INDEX thread_reads_txid_idx ON thread_reads (txid);

-- A message reported by the other side (abuse, spam, asking to pay outside Utsav), for the team to look at. One report
-- per message and person.
CREATE TABLE message_reports (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id   uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  reporter_uid text NOT NULL,
  reason       text NOT NULL CHECK (reason IN ('spam', 'abuse', 'outside_payment', 'other')),
  note         text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (message_id, reporter_uid)
);

-- A new message is told to the other side like a booking's change, per their settings: 'new_message', about an enquiry
-- (enquiry_id) or a booking (booking_id), for either audience.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (
  (audience = 'consumer' AND kind IN ('accepted', 'declined', 'paid', 'payment_failed', 'rescheduled', 'reschedule_declined', 'refunded', 'quote_received', 'enquiry_declined', 'new_message'))
  OR (audience = 'provider' AND kind IN ('new_request', 'request_cancelled', 'new_enquiry', 'enquiry_withdrawn', 'new_message'))) NOT VALID;
ALTER TABLE notifications VALIDATE CONSTRAINT notifications_kind_check;
