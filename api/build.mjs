// Bundles the API for Node 20 (the local stand-ins are stand-ins/, never in the API's image). @utsav/contracts is TypeScript source in
// the workspace, so it is bundled in; every npm dependency stays external (loaded from node_modules). The stand-ins
// package (a devDependency: the provider stand-in, which the API loads only where it runs, never in production)
// stays out too: `@utsav/stand-ins/src/<name>` is loaded from its own build, `@utsav/stand-ins/dist/<name>.js`.
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

const standIns = {
  name: 'utsav-stand-ins-outside',
  setup(build) {
    build.onResolve({ filter: /^@utsav\/stand-ins\// }, ({ path: specifier }) => {
      const source = /^@utsav\/stand-ins\/src\/([\w/-]+)$/.exec(specifier);
      if (!source) throw new Error(`${specifier}: the API loads a stand-in by its source path, @utsav/stand-ins/src/<name>`);
      return { path: `@utsav/stand-ins/dist/${source[1]}.js`, external: true };
    });
  },
};

await bundleForNode(esbuild, { dir: path.dirname(fileURLToPath(import.meta.url)), entryPoints: { server: 'src/server.ts' }, plugins: [catalogues, standIns] });
