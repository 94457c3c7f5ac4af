-- Notifications (issue 19, item 4). A change a consumer should hear about (their request accepted or
-- declined, a payment received or failed, new dates answered, a refund processed) writes, in the same
-- transaction as the change itself:
--   * one `notifications` row: the in-app list behind the bell (read_at NULL: unread);
--   * one `notification_deliveries` row per channel the consumer's settings have on (email, SMS): the
--     outbox the sender works through. A delivery is claimed for a while (locked_until, FOR UPDATE SKIP
--     LOCKED, so several senders never take the same one), sent with its id as the idempotency key, and
--     marked sent; one that fails is tried again later (next_attempt_at) until it has had max attempts.
-- Push (the third setting) is the live stream's toast: the notification carries whether it was on.
CREATE TABLE notifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consumer_uid text NOT NULL,
  booking_id  uuid REFERENCES bookings (id) ON DELETE CASCADE,
  -- what happened, one of the kinds the API words (notification-text.ts)
  kind        text NOT NULL CHECK (kind IN ('accepted', 'declined', 'paid', 'payment_failed', 'rescheduled', 'reschedule_declined', 'refunded')),
  title       text NOT NULL CHECK (length(title) <= 200),
  body        text NOT NULL CHECK (length(body) <= 1000),
  -- the consumer's push setting when it was written: the app raises a toast for it only then
  push        boolean NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
CREATE INDEX notifications_consumer_idx ON notifications (consumer_uid, id);
CREATE INDEX notifications_unread_idx ON notifications (consumer_uid) WHERE read_at IS NULL;

CREATE TABLE notification_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  channel         text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- the address or number at the time of the change
  recipient       text NOT NULL,
  -- pending: to send (again); sent: the channel took it; failed: given up (a permanent refusal or too many tries)
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- a sender that claimed it holds it until then; one that died lets it go when that passes
  locked_until    timestamptz,
  provider_message_id text,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  UNIQUE (notification_id, channel)
);
-- the sender's claim: pending deliveries that are due, oldest first
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at, id) WHERE status = 'pending';

-- The live stream's position (live-routes.ts): the transaction each change was made in. A stream sends the
-- changes of transactions older than every transaction still running (pg_snapshot_xmin), in transaction
-- order, so a change that commits late is never passed over and none is sent twice.
ALTER TABLE booking_events ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE notifications ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
