-- Browsing the catalog (issue 15): GET /services lists, filters and sorts without search words, by price
-- too, and Home recommends from the onboarding choice.

-- A service's starting price (its cheapest menu, integer paise; NULL while it has no menu), kept on the
-- service so the price filter and the price sorts are index range scans instead of a min() per service.
-- The triggers on menus below keep it right; the catalog reads it instead of computing it.
ALTER TABLE services ADD COLUMN start_price integer CHECK (start_price >= 0);
UPDATE services s SET start_price = (SELECT min(m.price) FROM menus m WHERE m.service_id = s.id);

-- the services whose menus a statement changed, given their new starting price (only where it differs,
-- so a seed that already wrote the right price updates nothing)
CREATE FUNCTION services_start_price_refresh(service_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE services s SET start_price = fresh.price
  FROM (
    SELECT ids.id, (SELECT min(m.price) FROM menus m WHERE m.service_id = ids.id) AS price
    FROM (SELECT DISTINCT unnest(service_ids) AS id) ids
  ) fresh
  WHERE s.id = fresh.id AND s.start_price IS DISTINCT FROM fresh.price
$$;

CREATE FUNCTION menus_start_price_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM services_start_price_refresh(ARRAY(SELECT service_id FROM new_menus));
  RETURN NULL;
END;
$$;
CREATE FUNCTION menus_start_price_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM services_start_price_refresh(ARRAY(SELECT service_id FROM new_menus UNION SELECT service_id FROM old_menus));
  RETURN NULL;
END;
$$;
CREATE FUNCTION menus_start_price_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM services_start_price_refresh(ARRAY(SELECT service_id FROM old_menus));
  RETURN NULL;
END;
$$;

-- one per statement and event (a trigger with transition tables takes one event)
CREATE TRIGGER menus_start_price_insert AFTER INSERT ON menus
  REFERENCING NEW TABLE AS new_menus FOR EACH STATEMENT EXECUTE FUNCTION menus_start_price_on_insert();
CREATE TRIGGER menus_start_price_update AFTER UPDATE ON menus
  REFERENCING OLD TABLE AS old_menus NEW TABLE AS new_menus FOR EACH STATEMENT EXECUTE FUNCTION menus_start_price_on_update();
CREATE TRIGGER menus_start_price_delete AFTER DELETE ON menus
  REFERENCING OLD TABLE AS old_menus FOR EACH STATEMENT EXECUTE FUNCTION menus_start_price_on_delete();

-- Listing without search words: each sort over the whole catalog, and the default sort (popular) and
-- the price sorts within a category or a city, walk an index in order and stop at the page's end. (The
-- rating order within a category or a city has its index since 003.) Other combinations sort the
-- filtered rows, a category's or a city's share of the catalog.
CREATE INDEX services_browse_popular_idx ON services (popularity DESC, id);
CREATE INDEX services_browse_rating_idx ON services (average_rating DESC NULLS LAST, review_count DESC, id);
CREATE INDEX services_browse_price_idx ON services (start_price, id);
-- high to low keeps the id ascending (and menu-less services last), which a backward walk of the one above cannot give
CREATE INDEX services_browse_price_desc_idx ON services (start_price DESC NULLS LAST, id);
CREATE INDEX services_category_popular_idx ON services (category, popularity DESC, id);
CREATE INDEX services_category_price_idx ON services (category, start_price, id);
CREATE INDEX services_category_latest_idx ON services (category, created_at DESC, id);
CREATE INDEX services_city_popular_idx ON services (lower(city), popularity DESC, id);
CREATE INDEX services_city_price_idx ON services (lower(city), start_price, id);

-- Onboarding's service choice is now a catalog category (Home recommends from it): the old 'Wedding'
-- is 'Wedding Planning'; the other old choices (Haircut, Massage, Facial, Manicure/Pedicure, Personal
-- Training, Tutoring) were categories already. A value that is no category is forgotten, as if skipped.
UPDATE consumers SET service = 'Wedding Planning' WHERE service = 'Wedding';
UPDATE consumers SET service = NULL, skipped_service = true
WHERE service IS NOT NULL
  AND service NOT IN ('Photography', 'Catering', 'Makeup', 'Venues', 'Haircut', 'Massage', 'Facial',
                      'Manicure/Pedicure', 'Personal Training', 'Tutoring', 'Wedding Planning');
