-- Verified reviews (issue 19, item 5): a consumer reviews a booking of theirs once it has taken place
-- (confirmed, its last day gone by), once. Such a review names its booking; the Reviews tab marks it
-- "Verified booking". The service's review_count and average_rating follow through migration 012's trigger,
-- and the catalog's cached answers through its version bump.
ALTER TABLE reviews ADD COLUMN booking_id uuid UNIQUE REFERENCES bookings (id) ON DELETE SET NULL;
