import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@utsav/contracts';
import { useDebouncedValue } from './use-debounced-value';

export interface SearchText {
  /** what is in the box, as typed */
  text: string;
  setText: (text: string) => void;
  /** search now, without waiting for the debounce (Enter) */
  flush: () => void;
}

/**
 * The search box's text and the address's `q`, kept in step (spec §5: debounced 400 ms, trimmed).
 * `query` is the address's; `writeQuery` puts a settled text there (by replacing the history entry, so
 * Back leaves the search rather than stepping through keystrokes). An emptied box clears the query at
 * once. A query changed from outside (Back, a link) refills the box.
 */
export function useSearchText(query: string, writeQuery: (query: string) => void): SearchText {
  const [text, setText] = useState(query);

  const write = useRef(writeQuery);
  useEffect(() => {
    write.current = writeQuery;
  });

  /** the query this hook last put in the address, to tell its own writes from outside navigation */
  const written = useRef(query);
  const put = useCallback((q: string) => {
    written.current = q;
    write.current(q);
  }, []);

  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    setText(query);
  }, [query]);

  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const settled = typed === '' ? '' : debounced;
  useEffect(() => {
    if (settled !== written.current) put(settled);
  }, [settled, put]);

  const flush = useCallback(() => {
    if (typed !== written.current) put(typed);
  }, [typed, put]);

  return { text, setText, flush };
}
