-- Hindi and English (issue 20): the language a consumer chose, kept with their profile so it follows them
-- to every device. NULL until they choose (the device's own choice, or English, applies).
ALTER TABLE consumers
  ADD COLUMN language text CHECK (language IN ('en-IN', 'hi-IN'));

-- A notification is written in its consumer's language at the time (its title and body); its email and SMS
-- are worded around it in the same language when sent.
ALTER TABLE notifications
  ADD COLUMN language text NOT NULL DEFAULT 'en-IN' CHECK (language IN ('en-IN', 'hi-IN'));
