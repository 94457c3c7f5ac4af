// Bundles the API for Node 20 (the local stand-ins are stand-ins/, never in the API's image). @utsav/contracts is TypeScript source in
// the workspace, so it is bundled in; every npm dependency stays external (loaded from node_modules).
import { build } from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';

// the contracts' message catalogues (their words in English and Hindi), compiled as the apps' builds compile them
const { CATALOGUE, compileCatalogue } = createRequire(import.meta.url)('@utsav/tooling/src/i18n-catalogue.cjs');
const catalogues = {
  name: 'utsav-catalogues',
  setup(build) {
    build.onLoad({ filter: CATALOGUE }, ({ path }) => ({ contents: JSON.stringify(compileCatalogue(fs.readFileSync(path, 'utf8'), path)), loader: 'json' }));
  },
};

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@utsav/'));

fs.rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  plugins: [catalogues],
  logLevel: 'warning',
});
