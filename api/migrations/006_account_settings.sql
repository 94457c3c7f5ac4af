-- Account settings (spec §9 notification preferences) and account deletion.

-- Notification preferences, spec §9 defaults: email on, SMS off, push on. Existing profiles get the defaults.
ALTER TABLE consumers
  ADD COLUMN notify_email boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_sms   boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_push  boolean NOT NULL DEFAULT true;

-- Account deletion keeps bookings for the provider's records but cuts them off from the person: the
-- consumer_uid becomes 'deleted:<random uuid>' (one per booking, never derivable from the uid), the name
-- 'Deleted user', the email and note ''. consumer_deleted_at says when; NULL for a live account.
-- payment_orders.consumer_uid and the consumer's booking_events.actor get the booking's marker too.
ALTER TABLE bookings ADD COLUMN consumer_deleted_at timestamptz;
