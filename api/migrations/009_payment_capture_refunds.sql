-- Payments hardening: a cancelled booking's order is closed, a capture that cannot confirm its booking is
-- refunded (and the refund kept), and webhook deliveries are recognised by what their signature covers.

-- closed: its booking was cancelled before it was paid; nothing paid on it confirms anything (a capture on it
-- is refunded)
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_status_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_status_check CHECK (status IN ('created', 'paid', 'failed', 'closed'));

-- One refund per captured payment that did not pay for its booking (the booking was cancelled, already paid,
-- or not payable, or the amount was not the order's). Written as 'due' in the transaction that recorded the
-- capture, then asked of the provider (Refunds API, idempotent per payment) and updated with its answer.
CREATE TABLE payment_refunds (
  payment_id text PRIMARY KEY REFERENCES payments (id),
  booking_id uuid NOT NULL REFERENCES bookings (id),
  reason     text NOT NULL CHECK (reason IN ('booking_cancelled', 'booking_already_paid', 'booking_not_payable', 'amount_mismatch')),
  -- due: not yet accepted by the provider; pending, processed, failed: the provider's refund status
  status     text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'pending', 'processed', 'failed')),
  -- the provider's refund (rfnd_…) and its amount in paise, once it exists
  refund_id  text UNIQUE CHECK (length(refund_id) BETWEEN 1 AND 64),
  amount     integer CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'due') = (refund_id IS NULL))
);
CREATE INDEX payment_refunds_booking_idx ON payment_refunds (booking_id);
CREATE INDEX payment_refunds_due_idx ON payment_refunds (created_at) WHERE status = 'due';

-- webhook_events.id is now the SHA-256 (hex) of the raw body the signature covers: a redelivery is the same
-- bytes, whatever x-razorpay-event-id says. The header's id is kept for the logs only.
ALTER TABLE webhook_events ADD COLUMN header_event_id text CHECK (length(header_event_id) BETWEEN 1 AND 128);
