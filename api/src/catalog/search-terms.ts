/**
 * Search text → the words to look for. Only letters and digits survive (with the marks of Indic
 * scripts), so quotes, operators, wildcards, emoji and SQL-ish text are simply not words; they never
 * reach the database as syntax either way (see service-search.ts).
 */

export const MAX_SEARCH_TERMS = 8;
const MAX_TERM_LENGTH = 40;

// PostgreSQL's English stop words, plus the filler people type into search boxes
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now ' +
    'near nearby best top'
  ).split(' '),
);

// a word starts with a letter or digit and goes on with letters, digits and combining marks (मुंबई)
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/** The distinct words of a search, lower-case, without stop words; at most MAX_SEARCH_TERMS. */
export function searchTerms(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
  const terms = new Set<string>();
  for (const word of words) {
    // a lone letter is a typing accident or the "s" of "bride's"; a lone digit may be a class number
    if (word.length === 1 && !/\p{N}/u.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    terms.add(word.slice(0, MAX_TERM_LENGTH));
    if (terms.size === MAX_SEARCH_TERMS) break;
  }
  return [...terms];
}
