-- One price truth (issue 15, item 2). A cart line is one booking: quantity is always 1 (the column stays for the
-- contract). A booking made from the cart carries its coupon's share: list_amount is the menu price at booking,
-- discount its share of the coupon, amount (already there) what it is worth after it — the value every payment
-- figure is computed from.

UPDATE cart_items SET quantity = 1 WHERE quantity <> 1;
ALTER TABLE cart_items DROP CONSTRAINT cart_items_quantity_check;
ALTER TABLE cart_items ADD CONSTRAINT cart_items_quantity_check CHECK (quantity = 1);

ALTER TABLE bookings ADD COLUMN list_amount integer;
ALTER TABLE bookings ADD COLUMN discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0);
-- the offer's code as applied (upper case); NULL when none
ALTER TABLE bookings ADD COLUMN coupon_code text CHECK (length(coupon_code) BETWEEN 1 AND 32);
UPDATE bookings SET list_amount = amount;
ALTER TABLE bookings ALTER COLUMN list_amount SET NOT NULL;
ALTER TABLE bookings ADD CONSTRAINT bookings_amounts_check CHECK (list_amount >= 0 AND amount = list_amount - discount);
ALTER TABLE bookings ADD CONSTRAINT bookings_discount_coupon_check CHECK (discount = 0 OR coupon_code IS NOT NULL);
