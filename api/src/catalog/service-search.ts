import type { Database } from '../db';
import { MAX_SEARCH_TERMS } from './search-terms';
import { SERVICE_COLUMNS, SERVICE_JOINS, type ServiceRow } from './catalog-rows';

export interface SearchParams {
  /** from searchTerms(): lower-case words; empty means "list by the filters" */
  terms: string[];
  category: string | undefined;
  city: string | undefined;
  limit: number;
  offset: number;
}

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
           s.average_rating, s.review_count
    FROM search
    -- "at least needed of the known words", as one tsquery the GIN index answers
    JOIN services s ON s.search_vector @@ search.candidates
    WHERE ($2::text IS NULL OR s.category = $2)
      AND ($3::text IS NULL OR lower(s.city) = lower($3))
  )`;

const MATCHES_FOR_FILTERS = `
  found AS MATERIALIZED (
    SELECT s.id, 0 AS strong, 0 AS hits, 0::real AS rank, s.average_rating, s.review_count
    FROM services s
    WHERE ($1::text IS NULL OR s.category = $1)
      AND ($2::text IS NULL OR lower(s.city) = lower($2))
  )`;

/** One page of `found` in rank order, with the total; a page past the end still says the total. */
const page = (limit: string, offset: string) => `
  SELECT counted.total, ${SERVICE_COLUMNS}
  FROM (SELECT count(*)::int AS total FROM found) counted
  LEFT JOIN LATERAL (
    SELECT * FROM found
    ORDER BY strong DESC, hits DESC, rank DESC, average_rating DESC NULLS LAST, review_count DESC, id
    LIMIT ${limit} OFFSET ${offset}
  ) page ON true
  LEFT JOIN services s ON s.id = page.id
  ${SERVICE_JOINS}
  ORDER BY page.strong DESC, page.hits DESC, page.rank DESC, page.average_rating DESC NULLS LAST, page.review_count DESC, page.id`;

// $1 terms, $2 category, $3 city, $4 limit, $5 offset
export const SEARCH_SQL = `WITH ${MATCHES_FOR_TERMS} ${page('$4', '$5')}`;
// $1 category, $2 city, $3 limit, $4 offset
const FILTER_SQL = `WITH ${MATCHES_FOR_FILTERS} ${page('$3', '$4')}`;

export interface SearchPage {
  rows: ServiceRow[];
  total: number;
}

export async function searchServices(db: Database, params: SearchParams): Promise<SearchPage> {
  const { terms, category, city, limit, offset } = params;
  const filters = [category ?? null, city ?? null, limit, offset];
  const rows =
    terms.length > 0
      ? await db.query<ServiceRow & { total: number }>(SEARCH_SQL, [terms, ...filters])
      : await db.query<ServiceRow & { total: number }>(FILTER_SQL, filters);
  const total = rows[0]?.total ?? 0;
  return { rows: rows.filter((row) => row.id !== null), total };
}
