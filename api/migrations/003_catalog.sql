-- The catalog (spec §3 Service and Menu): providers offer services; a service has images (one main,
-- some work samples) and menus (the packages); a menu has items and, when custom, options.
-- Money is integer paise (₹1 = 100).

-- Trigram matching for typos and prefixes. On a server the extension goes where CREATE EXTENSION puts it
-- (the first schema of the search path); PGlite loads it from the extension passed to PGlite.create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE providers (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE services (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id    uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  title          text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description    text NOT NULL,
  category       text NOT NULL CHECK (category IN ('Photography', 'Catering', 'Makeup', 'Venues', 'Haircut', 'Massage',
                   'Facial', 'Manicure/Pedicure', 'Personal Training', 'Tutoring', 'Wedding Planning')),
  city           text NOT NULL,
  state          text NOT NULL,
  currency       text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  -- the average of the reviews, 1.0–5.0; NULL exactly when there are none
  average_rating numeric(2, 1) CHECK (average_rating BETWEEN 1 AND 5),
  review_count   integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- Bayesian average: the rating pulled towards 4.0 as if by 20 more reviews, so a 5.0 from two reviews
  -- does not outrank a 4.8 from two hundred (the Popular list)
  popularity     double precision GENERATED ALWAYS AS (
                   (coalesce(average_rating, 0)::double precision * review_count + 4.0 * 20) / (review_count + 20)
                 ) STORED,
  -- What search matches. Title and category weigh most (A), then city (B), state (C), description (D).
  -- Each text is indexed twice: 'simple' keeps words as written (Indian names, prefixes while typing),
  -- 'english' adds stems (photographers → photograph, caterers → cater). '/' splits "Manicure/Pedicure",
  -- which the parser would otherwise read as one file path.
  search_vector  tsvector GENERATED ALWAYS AS (
                   setweight(to_tsvector('simple', translate(title, '/', ' ')), 'A')
                   || setweight(to_tsvector('english', translate(title, '/', ' ')), 'A')
                   || setweight(to_tsvector('simple', translate(category, '/', ' ')), 'A')
                   || setweight(to_tsvector('english', translate(category, '/', ' ')), 'A')
                   || setweight(to_tsvector('simple', city), 'B')
                   || setweight(to_tsvector('simple', state), 'C')
                   || setweight(to_tsvector('simple', translate(description, '/', ' ')), 'D')
                   || setweight(to_tsvector('english', translate(description, '/', ' ')), 'D')
                 ) STORED,
  CHECK ((review_count = 0) = (average_rating IS NULL))
);

CREATE INDEX services_search_idx ON services USING gin (search_vector);
CREATE INDEX services_provider_idx ON services (provider_id);
-- empty query with a category or a city: listed by rating
CREATE INDEX services_category_rating_idx ON services (category, average_rating DESC NULLS LAST, review_count DESC, id);
CREATE INDEX services_city_rating_idx ON services (lower(city), average_rating DESC NULLS LAST, review_count DESC, id);
-- the Home lists
CREATE INDEX services_latest_idx ON services (created_at DESC, id);
CREATE INDEX services_popular_idx ON services (popularity DESC, id) WHERE review_count >= 10;

-- Images are drawn by the API (GET /media/services/{id}.svg); the row keeps what a page needs to reserve
-- the box (width, height) and describe it (alt).
CREATE TABLE service_images (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  role       text NOT NULL CHECK (role IN ('main', 'sample')),
  position   smallint NOT NULL CHECK (position >= 0),
  width      integer NOT NULL CHECK (width > 0),
  height     integer NOT NULL CHECK (height > 0),
  alt        text NOT NULL,
  UNIQUE (service_id, role, position)
);
CREATE UNIQUE INDEX service_images_one_main_idx ON service_images (service_id) WHERE role = 'main';

CREATE TABLE menus (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_id             uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  name                   text NOT NULL,
  description            text NOT NULL,
  service_type           text NOT NULL,
  price                  integer NOT NULL CHECK (price >= 0),
  currency               text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  expected_delivery_time text NOT NULL,
  is_custom              boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL DEFAULT now()
);
-- a service's menus by price; its starting price is the first
CREATE INDEX menus_service_price_idx ON menus (service_id, price);

CREATE TABLE menu_items (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  menu_id     uuid NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  position    smallint NOT NULL CHECK (position >= 0),
  title       text NOT NULL,
  description text NOT NULL,
  quantity    integer NOT NULL CHECK (quantity > 0),
  -- per item, integer paise
  price       integer NOT NULL CHECK (price >= 0),
  UNIQUE (menu_id, position)
);

-- Only custom menus (menus.is_custom) have options.
CREATE TABLE menu_custom_options (
  menu_id              uuid PRIMARY KEY REFERENCES menus (id) ON DELETE CASCADE,
  extra_photos_enabled boolean NOT NULL,
  -- per extra photo, integer paise
  extra_photo_price    integer NOT NULL CHECK (extra_photo_price >= 0),
  supports_revisions   boolean NOT NULL
);

-- Every word the search vectors hold, for "did you mean": a misspelt search word is matched to its
-- closest catalog words by trigram similarity (GIN below). Filled by the triggers on services; words
-- are never removed (a stale one only adds an alternative that matches nothing).
CREATE TABLE catalog_words (
  word text PRIMARY KEY
);
CREATE INDEX catalog_words_trgm_idx ON catalog_words USING gin (word gin_trgm_ops);

CREATE FUNCTION catalog_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_words (word)
  SELECT DISTINCT lexemes.lexeme
  FROM changed_services, unnest(changed_services.search_vector) AS lexemes
  WHERE length(lexemes.lexeme) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

-- one per statement (a seed batch is one statement); UPDATE triggers with transition tables cannot name columns
CREATE TRIGGER services_words_on_insert AFTER INSERT ON services
  REFERENCING NEW TABLE AS changed_services FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_collect();
CREATE TRIGGER services_words_on_update AFTER UPDATE ON services
  REFERENCING NEW TABLE AS changed_services FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_collect();

-- OR of tsqueries, for building one search query out of each word's alternatives
CREATE AGGREGATE tsquery_or_agg (tsquery) (SFUNC = tsquery_or, STYPE = tsquery);

-- A word as one quoted tsquery operand, whatever it holds (quotes doubled, backslashes escaped), so
-- search words never reach the tsquery parser as syntax.
CREATE FUNCTION tsquery_operand(word text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT '''' || replace(replace(word, '\', '\\'), '''', '''''') || ''''
$$;

-- What one search word matches: the word as a prefix, as written ('simple') and stemmed ('english'),
-- optionally only at some weights ('ABC': title, category, city, state; '' for anywhere).
CREATE FUNCTION search_word_query(word text, weights text) RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT to_tsquery('simple', tsquery_operand(word) || ':*' || weights)
         || to_tsquery('english', tsquery_operand(word) || ':*' || weights)
$$;

-- A tsquery matching what at least k of the queries match, for the GIN index to filter on:
-- at_least([q1, …], k) = (q1 & at_least(rest, k - 1)) | at_least(rest, k). Search has at most 8 words.
CREATE FUNCTION tsquery_at_least(queries tsquery[], k integer) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n integer := coalesce(array_length(queries, 1), 0);
  combined tsquery;
BEGIN
  IF n = 0 OR k > n THEN
    RETURN NULL;
  END IF;
  IF k <= 1 THEN
    SELECT tsquery_or_agg(query) INTO combined FROM unnest(queries) AS query;
    RETURN combined;
  END IF;
  IF k = n THEN
    combined := queries[1];
    FOR i IN 2..n LOOP
      combined := combined && queries[i];
    END LOOP;
    RETURN combined;
  END IF;
  RETURN (queries[1] && tsquery_at_least(queries[2:n], k - 1)) || tsquery_at_least(queries[2:n], k);
END;
$$;
