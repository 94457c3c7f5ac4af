// Bundles the API for Node 20 (the local stand-ins are stand-ins/, never in the API's image). @utsav/contracts is TypeScript source in
// the workspace, so it is bundled in; every npm dependency stays external (loaded from node_modules).
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// the contracts' message catalogues (their words in English and Hindi), compiled as the apps' builds compile them
const require = createRequire(import.meta.url);
const { CATALOGUE, compileCatalogue } = require('@utsav/tooling/src/i18n-catalogue.cjs');
const { bundleForNode } = require('@utsav/tooling/src/node-bundle.cjs');
const catalogues = {
  name: 'utsav-catalogues',
  setup(build) {
    build.onLoad({ filter: CATALOGUE }, ({ path: file }) => ({ contents: JSON.stringify(compileCatalogue(fs.readFileSync(file, 'utf8'), file)), loader: 'json' }));
  },
};

await bundleForNode(esbuild, { dir: path.dirname(fileURLToPath(import.meta.url)), entryPoints: { server: 'src/server.ts' }, plugins: [catalogues] });
