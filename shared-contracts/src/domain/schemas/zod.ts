import { config } from 'zod';
import { currentLocale } from '@utsav/contracts/i18n-core';
import { DEFAULT_LOCALE } from '../language';
import { sayNow } from '../validation-messages';

// In a browser the page's Content-Security-Policy has no 'unsafe-eval': zod's compiled fast path
// would probe `new Function` (caught, but reported as a violation each time). Pages parse without
// it; the API, on Node, keeps the faster compiled parsers.
if ('document' in globalThis) config({ jitless: true });

// A check with no message of its own (mostly fields only the API reads: "Invalid input: expected string")
// keeps zod's English on an English page or request; in another language it says that the value is not
// valid in that language rather than leave English on a Hindi page.
config({ customError: () => (currentLocale() === DEFAULT_LOCALE ? undefined : sayNow('validation.invalid')) });

// Re-exported by name, for `import * as z from './zod'`: the bundler then keeps only the schema
// builders used. Re-exporting zod's `z` object instead kept all of zod, with its ~40 locales
// (~90 KB gzip in every remote that parses).
export * from 'zod';
