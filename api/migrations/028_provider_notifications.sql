-- Notifications to the person who runs a listing (issue 36, item 3): a new request for one of its services and a
-- booking of it cancelled are told to the listing's owner by email and SMS, per that person's own settings and in
-- their language, through the same outbox as the consumer's (notification_deliveries, the sender).
-- `consumer_uid` is the recipient's uid either way; `audience` says which side of the booking they are on. The
-- consumer's bell, its unread count and the live stream read only the consumer's ('consumer').
ALTER TABLE notifications ADD COLUMN audience text NOT NULL DEFAULT 'consumer' CHECK (audience IN ('consumer', 'provider'));
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (
  (audience = 'consumer' AND kind IN ('accepted', 'declined', 'paid', 'payment_failed', 'rescheduled', 'reschedule_declined', 'refunded'))
  OR (audience = 'provider' AND kind IN ('new_request', 'request_cancelled')));
