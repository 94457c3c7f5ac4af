-- Change of plans (issue 19, item 2): a consumer who cancels a paid (confirmed) booking gets back the share of
-- its advance the cancellation policy gives (@utsav/contracts/cancellation-policy); the platform fee and its GST
-- are kept. That refund is a payment_refunds row like the others, with the reason 'cancelled_by_consumer' and
-- its amount set when it is written down as due (the others refund the whole payment).
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_reason_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_reason_check
  CHECK (reason IN ('booking_cancelled', 'booking_already_paid', 'booking_not_payable', 'amount_mismatch', 'cancelled_by_consumer'));
