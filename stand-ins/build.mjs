// Bundles the payment sandbox and the message catcher for Node 20 (tooling/src/node-bundle.cjs, as the API is).
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { bundleForNode } = createRequire(import.meta.url)('@utsav/tooling/src/node-bundle.cjs');

await bundleForNode(esbuild, {
  dir: path.dirname(fileURLToPath(import.meta.url)),
  entryPoints: { 'payment-sandbox/server': 'src/payment-sandbox/server.ts', 'message-catcher/server': 'src/message-catcher/server.ts' },
});
