const fs = require('node:fs');
const path = require('node:path');

/**
 * The one way the Node services are bundled (the API, the local stand-ins): esbuild (the caller's, passed
 * in), Node 20, CommonJS, with source maps, into `<dir>/<outdir>` (default dist) made afresh; the workspace's own
 * packages (TypeScript source) bundled in, every npm dependency left external (loaded from node_modules).
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
    plugins,
    logLevel: 'warning',
  });
}

module.exports = { bundleForNode };
