/**
 * What the host's build promises the release gate: the page modules its route table loads from each
 * remote, as remote-pages.json beside its mf-manifest.json ({ "catalog": ["./Home", …], … }). Read
 * from shared-contracts' route table (src/routes.ts, which imports nothing) as this build compiles it,
 * so the file says what the deployed host asks for, not what the workspace says later.
 */
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { transformSync } = require('@swc/core');
const swcOptions = require('../swc-options.cjs');
const { REMOTE_PAGES_FILE } = require('./gate.cjs');

const ROUTES = path.join(__dirname, '../../../shared-contracts/src/domain/routes.ts');

/** remote name -> its page modules, in the route table's order. */
function remotePages(routesFile = ROUTES) {
  const { code } = transformSync(fs.readFileSync(routesFile, 'utf8'), { ...swcOptions({ module: 'commonjs' }), filename: routesFile });
  const module = { exports: {} };
  const noImports = (name) => {
    throw new Error(`${routesFile} imports ${name}: the route table must stand alone to be read at build time`);
  };
  vm.runInNewContext(code, { module, exports: module.exports, require: noImports, URLSearchParams: globalThis.URLSearchParams }, { filename: routesFile });
  const pages = {};
  for (const name of module.exports.REMOTE_NAMES) pages[name] = [];
  for (const route of module.exports.PAGE_ROUTES) {
    if (!pages[route.remote].includes(route.module)) pages[route.remote].push(route.module);
  }
  return pages;
}

class RemotePagesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemotePagesPlugin', (compilation) => {
      compilation.fileDependencies.add(ROUTES);
      compilation.hooks.processAssets.tap({ name: 'RemotePagesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(REMOTE_PAGES_FILE, new RawSource(`${JSON.stringify(remotePages(), null, 2)}\n`));
      });
    });
  }
}

module.exports = { RemotePagesPlugin, remotePages };
