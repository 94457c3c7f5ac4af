import { atom } from 'jotai/vanilla';
import { DEFAULT_LOCALE, type Locale } from '../domain/language';

/**
 * The language the page is in: a jotai atom, read from the browser's store or a server-rendered request's own.
 * Without React, so the API client reads it too (it sends the language with each call). It is part of the main
 * entry, `@utsav/contracts`, which every app shares as a singleton: one atom per page. A module outside the
 * main entry (a sub-path's) never imports it by a relative path: the apps' builds fail on it (tooling/src/shared-state.cjs).
 */
export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
