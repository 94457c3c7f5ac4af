import type { ServiceSort } from '@utsav/contracts/schemas';
import type { Database } from '../db';
import { MAX_SEARCH_TERMS } from './search-terms';
import { SERVICE_COLUMNS, SERVICE_JOINS, type ServiceRow } from './catalog-rows';

export interface SearchParams {
  /** from searchTerms(): lower-case words; empty means "list by the filters" (all of the catalog without any) */
  terms: string[];
  category: string | undefined;
  city: string | undefined;
  /** on the starting price, integer paise, both included */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** as asked: searchOrder() says which applies */
  sort: ServiceSort | undefined;
  limit: number;
  offset: number;
}

/**
 * The sort a search applies: the one asked for, else relevance with words and popular without;
 * relevance without words (nothing to be relevant to) lists as popular.
 */
export function searchOrder(sort: ServiceSort | undefined, hasTerms: boolean): ServiceSort {
  if (!hasTerms && (sort === undefined || sort === 'relevance')) return 'popular';
  return sort ?? 'relevance';
}

/**
 * Each sort as ORDER BY columns over a row source `r` that has the services' columns (and, for
 * relevance, found's strong/hits/rank). Fixed texts chosen by name: nothing from the request is spliced.
 * Every order ends with the id, so pages are stable.
 */
const ORDER_BY: Record<ServiceSort, (r: string) => string> = {
  relevance: (r) =>
    `${r}.strong DESC, ${r}.hits DESC, ${r}.rank DESC, ${r}.average_rating DESC NULLS LAST, ${r}.review_count DESC, ${r}.id`,
  popular: (r) => `${r}.popularity DESC, ${r}.id`,
  newest: (r) => `${r}.created_at DESC, ${r}.id`,
  price_asc: (r) => `${r}.start_price ASC NULLS LAST, ${r}.id`,
  price_desc: (r) => `${r}.start_price DESC NULLS LAST, ${r}.id`,
  rating: (r) => `${r}.average_rating DESC NULLS LAST, ${r}.review_count DESC, ${r}.id`,
};

/** The filters every search and listing applies, on `s` (services), from parameters $first… */
const filters = (first: number) => `
      ($${first}::text IS NULL OR s.category = $${first})
      AND ($${first + 1}::text IS NULL OR lower(s.city) = lower($${first + 1}))
      AND ($${first + 2}::int IS NULL OR s.start_price >= $${first + 2})
      AND ($${first + 3}::int IS NULL OR s.start_price <= $${first + 3})`;

/**
 * How many of the (at most MAX_SEARCH_TERMS) per-word queries in the array the row's vector matches, as
 * one plain expression: a sub-select over unnest() here ran as a sub-plan per candidate row, about a tenth
 * of a search's time. Past the array's end the element is NULL and counts 0.
 */
const matchedTerms = (queries: string) =>
  `(${Array.from({ length: MAX_SEARCH_TERMS }, (_, index) => `coalesce((s.search_vector @@ ${queries}[${index + 1}])::int, 0)`).join(' + ')})`;

/**
 * Each search word becomes an OR of alternatives (search_word_query in the migration):
 *   - the word as a prefix, as written ('simple') and stemmed ('english'): "phot" finds photography,
 *     "caterers" finds catering, "photographer" finds photography (both stem to photograph…);
 *   - up to three catalog words spelt like it (pg_trgm similarity over catalog_words, GIN-indexed), taken
 *     the same way: "photgrapher" finds photographer, hence photography. A word the catalog knows (some
 *     catalog word starts with it) only takes very close spellings (≥ 0.6), so "makeup" does not drift to
 *     "make"; an unknown word takes looser ones (≥ 0.35).
 * A service must match about two thirds of the words the catalog knows (all of one or two, two of three),
 * so "bridal makeup pune" finds Pune's bridal makeup first, then bridal makeup elsewhere and Pune's makeup.
 * That rule is itself one tsquery (tsquery_at_least in the migration), so the GIN index does the filtering.
 * Ranked by the words matched in the title, category or place (not only the description), then by all
 * words matched, then ts_rank (title and category weigh most), then rating.
 *
 * The words are parameters ($1), quoted into tsquery operands inside SQL by tsquery_operand(); nothing
 * the user typed is ever spliced into the statement.
 */
const MATCHES_FOR_TERMS = `
  terms AS (
    SELECT t.ord, t.term,
           -- the catalog has words starting with it
           EXISTS (SELECT 1 FROM catalog_words w WHERE starts_with(w.word, t.term)) AS known
    FROM unnest($1::text[]) WITH ORDINALITY AS t(term, ord)
  ),
  term_words AS (
    SELECT terms.ord, terms.term AS word FROM terms
    UNION ALL
    SELECT terms.ord, close_words.word FROM terms
    CROSS JOIN LATERAL (
      SELECT w.word FROM catalog_words w
      WHERE length(terms.term) >= 4
        AND w.word % terms.term
        AND similarity(w.word, terms.term) >= CASE WHEN terms.known THEN 0.6 ELSE 0.35 END
        AND NOT starts_with(w.word, terms.term)
      ORDER BY similarity(w.word, terms.term) DESC, w.word
      LIMIT 3
    ) close_words
  ),
  term_queries AS (
    SELECT term_words.ord,
           -- a word the catalog does not know at all cannot be required
           bool_or(terms.known) OR count(*) > 1 AS known,
           tsquery_or_agg(search_word_query(term_words.word, '')) AS anywhere,
           tsquery_or_agg(search_word_query(term_words.word, 'ABC')) AS prominent
    FROM term_words JOIN terms ON terms.ord = term_words.ord
    GROUP BY term_words.ord
  ),
  search AS (
    SELECT any_term, each_term, each_prominent, tsquery_at_least(known_terms, needed) AS candidates
    FROM (
      SELECT tsquery_or_agg(anywhere) AS any_term,
             array_agg(anywhere ORDER BY ord) AS each_term,
             array_agg(prominent ORDER BY ord) AS each_prominent,
             array_agg(anywhere ORDER BY ord) FILTER (WHERE known) AS known_terms,
             greatest(1, ceil(count(*) FILTER (WHERE known) * 2 / 3.0))::int AS needed
      FROM term_queries
    ) combined
  ),
  found AS MATERIALIZED (
    SELECT s.id,
           ${matchedTerms('search.each_prominent')} AS strong,
           ${matchedTerms('search.each_term')} AS hits,
           ts_rank(s.search_vector, search.any_term) AS rank,
           s.average_rating, s.review_count, s.popularity, s.created_at, s.start_price
    FROM search
    -- "at least needed of the known words", as one tsquery the GIN index answers
    JOIN services s ON s.search_vector @@ search.candidates
    WHERE ${filters(2)}
  )`;

/** One page of `found` in the sort's order, with the total; a page past the end still says the total. */
const searchPage = (sort: ServiceSort) => `
  WITH ${MATCHES_FOR_TERMS}
  SELECT counted.total, ${SERVICE_COLUMNS}
  FROM (SELECT count(*)::int AS total FROM found) counted
  LEFT JOIN LATERAL (SELECT * FROM found ORDER BY ${ORDER_BY[sort]('found')} LIMIT $6 OFFSET $7) page ON true
  LEFT JOIN services s ON s.id = page.id
  ${SERVICE_JOINS}
  ORDER BY ${ORDER_BY[sort]('page')}`;

/**
 * Listing without words: the page straight off the services in the sort's order (an index walk, see
 * migration 011), and the total counted apart, so the page never waits for every match to be sorted.
 */
const listPage = (asked: ServiceSort) => {
  // relevance needs words (searchOrder never asks for it here)
  const sort = asked === 'relevance' ? 'popular' : asked;
  return `
  SELECT counted.total, ${SERVICE_COLUMNS}
  FROM (SELECT count(*)::int AS total FROM services s WHERE ${filters(1)}) counted
  LEFT JOIN LATERAL (
    SELECT s.* FROM services s WHERE ${filters(1)} ORDER BY ${ORDER_BY[sort]('s')} LIMIT $5 OFFSET $6
  ) page ON true
  LEFT JOIN services s ON s.id = page.id
  ${SERVICE_JOINS}
  ORDER BY ${ORDER_BY[sort]('page')}`;
};

const fromSorts = (statement: (sort: ServiceSort) => string) =>
  Object.fromEntries(Object.keys(ORDER_BY).map((sort) => [sort, statement(sort as ServiceSort)])) as Record<ServiceSort, string>;

// $1 terms, $2 category, $3 city, $4 min price, $5 max price, $6 limit, $7 offset
export const SEARCH_SQL = fromSorts(searchPage);
// $1 category, $2 city, $3 min price, $4 max price, $5 limit, $6 offset
export const LIST_SQL = fromSorts(listPage);

export interface SearchPage {
  rows: ServiceRow[];
  total: number;
}

export async function searchServices(db: Database, params: SearchParams): Promise<SearchPage> {
  const { terms, category, city, minPrice, maxPrice, limit, offset } = params;
  const sort = searchOrder(params.sort, terms.length > 0);
  const values = [category ?? null, city ?? null, minPrice ?? null, maxPrice ?? null, limit, offset];
  const rows =
    terms.length > 0
      ? await db.query<ServiceRow & { total: number }>(SEARCH_SQL[sort], [terms, ...values])
      : await db.query<ServiceRow & { total: number }>(LIST_SQL[sort], values);
  const total = rows[0]?.total ?? 0;
  return { rows: rows.filter((row) => row.id !== null), total };
}
