// Bundles the payment sandbox, the message catcher and the provider stand-in for Node 20 (tooling/src/node-bundle.cjs, as
// the API is): src/<name>.ts (or src/<name>/index.ts) becomes dist/<name>.js, where the API's local runs load the
// provider stand-in from (api/build.mjs keeps it out of the API's bundle).
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { bundleForNode } = createRequire(import.meta.url)('@utsav/tooling/src/node-bundle.cjs');

await bundleForNode(esbuild, {
  dir: path.dirname(fileURLToPath(import.meta.url)),
  entryPoints: {
    'payment-sandbox/server': 'src/payment-sandbox/server.ts',
    'message-catcher/server': 'src/message-catcher/server.ts',
    'provider-stand-in': 'src/provider-stand-in/index.ts',
  },
});
