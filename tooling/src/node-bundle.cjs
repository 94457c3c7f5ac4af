const fs = require('node:fs');
const path = require('node:path');
const { CATALOGUE, compileCatalogue } = require('./i18n-catalogue.cjs');

/**
 * The message catalogues (src/locales/<locale>.json of the contracts and the API), compiled as the apps' builds
 * compile them. Every Node bundle compiles them alike: two bundles loaded in one process (the API and the
 * provider stand-in) then register the same words, where a differently compiled copy would count as a new
 * release of them and drop the Hindi already loaded (i18n-core's registerMessages).
 */
const catalogues = {
  name: 'utsav-catalogues',
  setup(build) {
    build.onLoad({ filter: CATALOGUE }, ({ path: file }) => ({ contents: JSON.stringify(compileCatalogue(fs.readFileSync(file, 'utf8'), file)), loader: 'json' }));
  },
};

/**
 * The one way the Node services are bundled (the API, the local stand-ins): esbuild (the caller's, passed
 * in), Node 20, CommonJS, with source maps, into `<dir>/<outdir>` (default dist) made afresh; the workspace's own
 * packages (TypeScript source) bundled in, every npm dependency left external (loaded from node_modules), and the
 * message catalogues compiled (`catalogues` above).
 * @param {{ build: Function }} esbuild
 * @param {{ dir: string, entryPoints: Record<string, string>, plugins?: unknown[], outdir?: string }} options
 */
async function bundleForNode(esbuild, { dir, entryPoints, plugins = [], outdir = 'dist' }) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@utsav/'));
  fs.rmSync(path.join(dir, outdir), { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: dir,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external,
    plugins: [catalogues, ...plugins],
    logLevel: 'warning',
  });
}

module.exports = { bundleForNode };
