-- Availability (issue 19, item 1): a provider cannot be double-booked. Each provider takes at most
-- `daily_capacity` bookings a day, and takes none on its blocked days. A booking holds its provider's
-- capacity on every day of its date range once the provider has accepted it (accepted, confirmed, or failed
-- because its payment failed: it can still be paid); a request holds nothing until it is accepted, but is
-- refused on a day that is already full or blocked. The API checks both when a request is made and, with
-- the provider's row locked (so two acceptances of one provider wait for each other), when one is accepted
-- (src/bookings/availability.ts).

-- NULL: the default of the provider's kind of service (default_daily_capacity below)
ALTER TABLE providers ADD COLUMN daily_capacity integer CHECK (daily_capacity BETWEEN 1 AND 100);

-- How many bookings a day a provider of this category takes when it has not said: one for a venue, a
-- photographer's lead team, a planner or a caterer's kitchen; a few for a salon's chairs or a trainer's slots.
CREATE FUNCTION default_daily_capacity(category text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE category
    WHEN 'Venues' THEN 1
    WHEN 'Photography' THEN 1
    WHEN 'Wedding Planning' THEN 1
    WHEN 'Catering' THEN 2
    WHEN 'Makeup' THEN 3
    WHEN 'Personal Training' THEN 3
    WHEN 'Tutoring' THEN 3
    ELSE 4 -- Haircut, Massage, Facial, Manicure/Pedicure: a salon's chairs
  END
$$;

-- Days a provider takes no bookings (a holiday, another commitment).
CREATE TABLE provider_blocked_days (
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  day         date NOT NULL,
  reason      text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  PRIMARY KEY (provider_id, day)
);

-- what holds capacity, by provider and dates: the acceptance check and the month's availability read this
CREATE INDEX bookings_provider_holding_idx ON bookings (provider_id, date_from, date_to)
  WHERE status IN ('accepted', 'confirmed') OR failure_reason = 'payment_failed';
