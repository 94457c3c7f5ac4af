-- A number that changes whenever the catalog does, so the API's in-process catalog cache (see
-- src/catalog/response-cache.ts) can tell that its answers went stale, in this process or another one.
-- Bumped once per statement by any write to the tables catalog answers are made from; catalog writes are
-- rare (seeds, provider changes), so the single row is no bottleneck. Bookings and carts do not bump it.
CREATE TABLE catalog_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint NOT NULL DEFAULT 0
);
INSERT INTO catalog_version DEFAULT VALUES;

CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER providers_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER services_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER service_images_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_images
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER menus_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER menu_items_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER menu_custom_options_bump_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_custom_options
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
