import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@utsav/contracts/router';
import { SEARCH_DEBOUNCE_MS } from '@utsav/contracts';
import { SERVICE_CATEGORIES, type ServiceCategory } from '@utsav/contracts/schemas';
import { useDebouncedValue } from './useDebouncedValue';

export function toCategory(value: string | null): ServiceCategory | undefined {
  return SERVICE_CATEGORIES.find((category) => category === value);
}

/** The search an address asks for: its trimmed ?q= and its ?category= when it names a known one. */
export function searchOf(params: URLSearchParams): { query: string; category: ServiceCategory | undefined } {
  return { query: (params.get('q') ?? '').trim(), category: toCategory(params.get('category')) };
}

export interface SearchText {
  /** what is in the box, as typed */
  text: string;
  setText: (text: string) => void;
  /** search now, without waiting for the debounce (Enter) */
  flush: () => void;
  /** the trimmed text the results are for; kept in the URL as ?q= */
  query: string;
  /** the ?category= filter, when it names a known category */
  category: ServiceCategory | undefined;
  clearCategory: () => void;
}

/**
 * The search box's text and the URL, kept in step (spec §5: debounced 400 ms, trimmed). Typing
 * settles into `?q=` by replacing the history entry, so Back leaves the search page rather than
 * stepping through keystrokes, and Back or a reload restore the query. An emptied box clears the
 * query at once (no call is made for it). A URL changed from outside (Back, a link) refills the box.
 */
export function useSearchText(): SearchText {
  const [params, setParams] = useSearchParams();
  const { query, category } = searchOf(params);
  const [text, setText] = useState(query);

  // setSearchParams changes identity with every URL change; writes go through the latest one.
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  });

  /** the query this hook last put in the URL, to tell its own writes from outside navigation */
  const written = useRef(query);
  const writeQuery = useCallback((q: string) => {
    written.current = q;
    setParamsRef.current(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
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
    if (settled !== written.current) writeQuery(settled);
  }, [settled, writeQuery]);

  const flush = useCallback(() => {
    if (typed !== written.current) writeQuery(typed);
  }, [typed, writeQuery]);

  const clearCategory = useCallback(() => {
    setParamsRef.current(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('category');
        return next;
      },
      { replace: true },
    );
  }, []);

  return { text, setText, flush, query, category, clearCategory };
}
