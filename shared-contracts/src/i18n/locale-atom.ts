import { atom, type PrimitiveAtom } from 'jotai/vanilla';
import { DEFAULT_LOCALE, type Locale } from '../domain/language';

/**
 * The language the page is in: a jotai atom, read from the browser's store or a server-rendered request's own.
 * One atom per page (or server process), whichever copy of this module asks (a remote's bundled contracts
 * sub-path, the API client inside it): another copy's atom would stay in English. Without React, so the API
 * client reads it too (it sends the language with each call).
 */
const LOCALE_ATOM = Symbol.for('utsav.i18n.localeAtom');
const holder = globalThis as typeof globalThis & { [LOCALE_ATOM]?: PrimitiveAtom<Locale> };
export const localeAtom: PrimitiveAtom<Locale> = (holder[LOCALE_ATOM] ??= atom<Locale>(DEFAULT_LOCALE));
