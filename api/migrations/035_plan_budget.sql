-- Issue 37, item 5 (first half): a wedding plan's budget and checklist. The couple sets a budget for the plan and
-- for each event (paise; NULL: none set); what is booked, paid and quoted is never stored here: the API adds it up
-- from the event's bookings and quotes when asked. The checklist's tasks come from the events
-- (@utsav/contracts/plan-checklist) with due dates from the events' dates, never stored: only what the couple did
-- is kept (a task ticked done, their own tasks). At most 100 own tasks a plan (the API refuses more with a 409).
-- Expand only: two nullable columns and two new tables.

-- at most ₹100 crore (PLAN_BUDGET_MAX), so bigint
ALTER TABLE plans ADD COLUMN budget bigint CHECK (budget BETWEEN 0 AND 100000000000);
ALTER TABLE plan_events ADD COLUMN budget bigint CHECK (budget BETWEEN 0 AND 100000000000);

-- A task an event brought, ticked done: its key is one of the event's kind's (the API checks it). The event
-- deleted, its ticks go with it; its kind changed, ticks of keys the new kind does not bring are not shown.
CREATE TABLE plan_task_marks (
  event_id uuid NOT NULL REFERENCES plan_events (id) ON DELETE CASCADE,
  task_key text NOT NULL CHECK (task_key ~ '^[a-zA-Z]{1,40}$'),
  done_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, task_key)
);

-- The couple's own tasks: for one of the plan's events or none (the event deleted: none), a due day or none.
CREATE TABLE plan_tasks (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id    uuid NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  event_id   uuid REFERENCES plan_events (id) ON DELETE SET NULL,
  title      text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  due_date   date,
  done_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plan_tasks_plan_idx ON plan_tasks (plan_id, created_at, id);
CREATE INDEX plan_tasks_event_idx ON plan_tasks (event_id) WHERE event_id IS NOT NULL;
