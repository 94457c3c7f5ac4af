-- Issue 37 (first increment): a consumer's wedding plans, each with its events, and their shortlist of services
-- (each for one of their events, or for none). At most 10 plans a consumer, 30 events a plan and 200 shortlist
-- entries a consumer: the API refuses more with a 409. Expand only: three new tables.
CREATE TABLE plans (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  consumer_uid text NOT NULL,
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  date_from    date NOT NULL,
  date_to      date NOT NULL,
  home_city    text NOT NULL DEFAULT '' CHECK (length(home_city) <= 80),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (date_from <= date_to)
);
-- GET /plans: a consumer's plans, newest first
CREATE INDEX plans_consumer_idx ON plans (consumer_uid, created_at DESC, id DESC);

-- An event's date is within its plan's (the API checks it, with the plan's row locked)
CREATE TABLE plan_events (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id    uuid NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('haldi', 'mehendi', 'sangeet', 'wedding', 'reception', 'other')),
  name       text NOT NULL DEFAULT '' CHECK (length(name) <= 80 AND (kind <> 'other' OR length(name) >= 1)),
  event_date date NOT NULL,
  city       text NOT NULL DEFAULT '' CHECK (length(city) <= 80),
  guests     integer NOT NULL CHECK (guests BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plan_events_plan_idx ON plan_events (plan_id, event_date, created_at, id);

-- One entry per consumer and service; its event deleted (or its plan), the entry stays, for no event
CREATE TABLE shortlist_entries (
  consumer_uid text NOT NULL,
  service_id   uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  event_id     uuid REFERENCES plan_events (id) ON DELETE SET NULL,
  added_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer_uid, service_id)
);
CREATE INDEX shortlist_entries_consumer_idx ON shortlist_entries (consumer_uid, added_at DESC, service_id);
CREATE INDEX shortlist_entries_event_idx ON shortlist_entries (event_id) WHERE event_id IS NOT NULL;
