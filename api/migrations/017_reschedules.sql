-- Change of plans (issue 19, item 2): a consumer proposes new dates for a booking that holds its provider's
-- days; the provider accepts (the booking moves; its advance, payment and everything else stay) or declines
-- (the booking stays as it was). At most one proposal waits for an answer per booking. Each step is also a
-- booking_events row (the state machine's proposeReschedule / acceptReschedule / declineReschedule).
CREATE TABLE booking_reschedules (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id  uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  -- the dates and times proposed
  date_from   date NOT NULL,
  date_to     date NOT NULL,
  time_start  time NOT NULL,
  time_end    time NOT NULL,
  -- the dates it had when they were proposed (what "declined" leaves, and the history shows)
  old_date_from date NOT NULL,
  old_date_to   date NOT NULL,
  old_time_start time NOT NULL,
  old_time_end   time NOT NULL,
  -- proposed: waiting for the provider; accepted, declined: its answer; closed: the booking was cancelled first
  status      text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'declined', 'closed')),
  reason      text CHECK (length(reason) <= 500),
  created_at  timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  CHECK (date_from <= date_to AND time_start < time_end)
);
CREATE UNIQUE INDEX booking_reschedules_open_idx ON booking_reschedules (booking_id) WHERE status = 'proposed';
-- the provider stand-in's poll: proposals waiting for an answer, oldest first
CREATE INDEX booking_reschedules_waiting_idx ON booking_reschedules (created_at) WHERE status = 'proposed';

-- Which of the state machine's actions each event was (NULL for the creation and for events older than this):
-- a change that keeps the status (new dates) is told apart by it, and the booking's timeline names each step.
ALTER TABLE booking_events ADD COLUMN action text CHECK (length(action) <= 40);
