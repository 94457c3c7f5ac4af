-- Issue 37, item 6: WhatsApp as a notification channel beside email and SMS. Opt-in: off for every profile until
-- its owner turns it on in My Account; messages go to the profile's phone (the number they signed in with), as
-- SMS does. The outbox (notification_deliveries) takes a third channel. Expand only: a column with a default,
-- and a CHECK widened (the running release writes only 'email' and 'sms', which the new one still takes).
ALTER TABLE consumers ADD COLUMN notify_whatsapp boolean NOT NULL DEFAULT false;

ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_channel_check;
-- NOT VALID, then validated: the check of the rows already there does not hold writers back
ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_channel_check CHECK (channel IN ('email', 'sms', 'whatsapp')) NOT VALID;
ALTER TABLE notification_deliveries VALIDATE CONSTRAINT notification_deliveries_channel_check;
