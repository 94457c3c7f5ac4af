// Bundles the API for Node 20. @utsav/contracts is TypeScript source in the workspace, so it is bundled in; every npm
// dependency stays external (loaded from node_modules). What only local runs load stays out of dist/ (all the API's
// image copies): the stand-ins package (a devDependency: the provider stand-in) is loaded from its own build
// (`@utsav/stand-ins/src/<name>` becomes `@utsav/stand-ins/dist/<name>.js`), and the demo catalog's seed
// (src/catalog/seed/, SEED_DEMO_CATALOG) is bundled on its own into dist-local/, which no image copies.
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// (bundleForNode compiles the message catalogues, as the apps' builds do)
const require = createRequire(import.meta.url);
const { bundleForNode } = require('@utsav/tooling/src/node-bundle.cjs');

/** The modules only local runs load (never under NODE_ENV=production): left out of the bundle, loaded from their own builds. */
const LOCAL_SEED = { specifier: './catalog/seed/seed-catalog', entry: 'src/catalog/seed/seed-catalog.ts', outdir: 'dist-local', file: 'seed-catalog' };
const localOnly = {
  name: 'utsav-local-only-outside',
  setup(build) {
    build.onResolve({ filter: /^@utsav\/stand-ins\// }, ({ path: specifier }) => {
      const source = /^@utsav\/stand-ins\/src\/([\w/-]+)$/.exec(specifier);
      if (!source) throw new Error(`${specifier}: the API loads a stand-in by its source path, @utsav/stand-ins/src/<name>`);
      return { path: `@utsav/stand-ins/dist/${source[1]}.js`, external: true };
    });
    // from src/server.ts, the one module that loads it: dist/server.js finds it at ../dist-local/
    build.onResolve({ filter: /\/seed\/seed-catalog$/ }, ({ path: specifier }) => {
      if (specifier !== LOCAL_SEED.specifier) throw new Error(`${specifier}: only src/server.ts loads the seed (${LOCAL_SEED.specifier})`);
      return { path: `../${LOCAL_SEED.outdir}/${LOCAL_SEED.file}.js`, external: true };
    });
  },
};

const dir = path.dirname(fileURLToPath(import.meta.url));
await bundleForNode(esbuild, { dir, entryPoints: { server: 'src/server.ts' }, plugins: [localOnly] });
await bundleForNode(esbuild, { dir, entryPoints: { [LOCAL_SEED.file]: LOCAL_SEED.entry }, outdir: LOCAL_SEED.outdir });
