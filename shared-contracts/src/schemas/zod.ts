import { config } from 'zod';

// In a browser the page's Content-Security-Policy has no 'unsafe-eval': zod's compiled fast path
// would probe `new Function` (caught, but reported as a violation each time). Pages parse without
// it; the API, on Node, keeps the faster compiled parsers.
if ('document' in globalThis) config({ jitless: true });

// Re-exported by name, for `import * as z from './zod'`: the bundler then keeps only the schema
// builders used. Re-exporting zod's `z` object instead kept all of zod, with its ~40 locales
// (~90 KB gzip in every remote that parses).
export * from 'zod';
