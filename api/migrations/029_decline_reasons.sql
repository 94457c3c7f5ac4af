-- Why a provider declined (issue 36): a request (action 'decline') or new dates (action 'declineReschedule') is
-- declined with one of the contracts' fixed reasons (DECLINE_REASONS), which the consumer reads in their own language
-- (the history, the notification); `reason` keeps the provider's own words (the note; for 'other', what it was), or the
-- rule's default. NULL: an event that is not a decline, or one written before this (its `reason` is free text, read as
-- it is), or the provider stand-in's (it says why in words).
ALTER TABLE booking_events ADD COLUMN decline_reason text
  CHECK (decline_reason IN ('fully_booked', 'not_available', 'outside_area', 'package_unavailable', 'other'));
