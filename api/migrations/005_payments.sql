-- Payments (spec §7 Payments service): the provider's orders the API created, the payments made on them,
-- the webhook events already handled, and the cart's offers (spec §3 Offer, §9 sample offers).
-- Money is integer paise. Ids of the provider's objects are the provider's own (order_…, pay_…).

-- One row per order created at the provider for a booking. At most one is open ('created') per booking:
-- create_order hands that one out again instead of creating another.
CREATE TABLE payment_orders (
  id           text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  booking_id   uuid NOT NULL REFERENCES bookings (id),
  -- the Firebase uid the order was created for (the booking's consumer)
  consumer_uid text NOT NULL,
  -- what the server computed: paymentBreakdown(booking amount).payNow
  amount       integer NOT NULL CHECK (amount >= 100),
  currency     text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  -- created: open, not paid yet; paid: a payment on it was captured; failed: its last attempt failed (a new
  -- order is made for a retry, though a late capture on it still counts)
  status       text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_booking_idx ON payment_orders (booking_id, created_at DESC);
CREATE UNIQUE INDEX payment_orders_one_open_idx ON payment_orders (booking_id) WHERE status = 'created';

-- Payments as the provider reported them (the checkout's signed result or a webhook). A payment id is
-- recorded once; a failed one may later be captured (the provider's late authorisation).
CREATE TABLE payments (
  id          text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  order_id    text NOT NULL REFERENCES payment_orders (id),
  booking_id  uuid NOT NULL REFERENCES bookings (id),
  amount      integer NOT NULL CHECK (amount >= 0),
  currency    text NOT NULL DEFAULT 'INR',
  status      text NOT NULL CHECK (status IN ('captured', 'failed')),
  -- card, upi, netbanking…; NULL until a webhook says (the checkout's result does not)
  method      text,
  -- how the API learnt of it first: 'checkout' (verify_payment) or 'webhook'
  source      text NOT NULL CHECK (source IN ('checkout', 'webhook')),
  error_code        text,
  error_description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_booking_idx ON payments (booking_id, created_at);
CREATE INDEX payments_order_idx ON payments (order_id);

-- Webhook deliveries already handled, by the provider's x-razorpay-event-id (delivery is at least once).
-- Inserted in the same transaction as the event's effect: an event whose handling failed is not recorded,
-- so the provider's retry is handled again.
CREATE TABLE webhook_events (
  id          text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 128),
  event       text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Coupons the cart offers (the page applies them by the spec's rule; the server only lists them).
CREATE TABLE offers (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code           text NOT NULL UNIQUE CHECK (code = upper(code) AND length(code) BETWEEN 1 AND 32),
  description    text NOT NULL,
  discount_type  text NOT NULL CHECK (discount_type IN ('percentage', 'fixed')),
  -- a percentage (20 = 20%) or paise
  discount_value integer NOT NULL CHECK (discount_value > 0),
  -- paise
  min_cart_value integer NOT NULL CHECK (min_cart_value >= 0),
  valid_until    timestamptz NOT NULL,
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (discount_type = 'fixed' OR discount_value <= 100)
);

-- The spec's sample offers (§9): 20% off from ₹15,000, ₹5,000 off from ₹25,000. Fixed ids: the same everywhere.
INSERT INTO offers (id, code, description, discount_type, discount_value, min_cart_value, valid_until) VALUES
  ('6f1c2b0e-8a4d-4c55-9e61-2d0f3a7b2001', 'UTSAV20', '20% off on carts of ₹15,000 or more', 'percentage', 20, 1500000,
   '2030-12-31 23:59:59+05:30'),
  ('6f1c2b0e-8a4d-4c55-9e61-2d0f3a7b2002', 'FLAT5000', '₹5,000 off on carts of ₹25,000 or more', 'fixed', 500000, 2500000,
   '2030-12-31 23:59:59+05:30');
