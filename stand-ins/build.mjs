// Bundles the payment sandbox and the message catcher for Node 20; npm dependencies stay external (node_modules).
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies);

fs.rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { 'payment-sandbox/server': 'src/payment-sandbox/server.ts', 'message-catcher/server': 'src/message-catcher/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
