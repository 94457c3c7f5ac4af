-- Issue 37, item 3: enquiries and quotes are told like bookings, through the same notifications and outbox. The
-- person who runs the listing hears of a new enquiry and of one withdrawn by the consumer; the consumer hears of a
-- quote received (its total) and of an enquiry the provider declined. Each per the recipient's settings, in their
-- language. Such a notification is about an enquiry, not a booking: booking_id stays NULL and enquiry_id says which
-- (it goes with the enquiry). Expand only: a nullable column, and the kinds' CHECK widened (the running release
-- writes only the kinds it knows, which the new one still takes).
ALTER TABLE notifications ADD COLUMN enquiry_id uuid REFERENCES enquiries (id) ON DELETE CASCADE;
CREATE INDEX notifications_enquiry_idx ON notifications (enquiry_id) WHERE enquiry_id IS NOT NULL;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
-- NOT VALID, then validated: the check of the rows already there does not hold writers back
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (
  (audience = 'consumer' AND kind IN ('accepted', 'declined', 'paid', 'payment_failed', 'rescheduled', 'reschedule_declined', 'refunded', 'quote_received', 'enquiry_declined'))
  OR (audience = 'provider' AND kind IN ('new_request', 'request_cancelled', 'new_enquiry', 'enquiry_withdrawn'))) NOT VALID;
ALTER TABLE notifications VALIDATE CONSTRAINT notifications_kind_check;
