import { z } from 'zod';

// In a browser the page's Content-Security-Policy has no 'unsafe-eval': zod's compiled fast path
// would probe `new Function` (caught, but reported as a violation each time). Pages parse without
// it; the API, on Node, keeps the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
