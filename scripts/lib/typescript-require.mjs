// Lets this Node process `require` the workspace's TypeScript sources (@utsav/contracts ships its
// src/*.ts as its entry points) with the apps' own swc settings, compiled to CommonJS on load.
// For tests that stand in for a server the apps' code will run in (the host's render server is
// built by webpack, which needs none of this).
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './paths.mjs';

const toolingRequire = createRequire(path.join(ROOT, 'tooling/package.json'));

let registered = false;

/** Registers `.ts`/`.tsx` for `require` (idempotent): files outside node_modules only. */
export function registerTypeScript() {
  if (registered) return;
  registered = true;
  const { transformSync } = toolingRequire('@swc/core');
  const options = { ...toolingRequire('./src/swc-options.cjs')({ module: 'commonjs' }), sourceMaps: 'inline' };
  const compile = (module, filename) => {
    if (filename.split(path.sep).includes('node_modules')) throw new Error(`refusing to compile ${filename}: TypeScript in node_modules`);
    const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename });
    module._compile(code, filename);
  };
  Module._extensions['.ts'] = compile;
  Module._extensions['.tsx'] = compile;
}
