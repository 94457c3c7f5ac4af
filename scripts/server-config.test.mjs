// A remote's production build is two containers of the same pages (docs/ssr-design.md, increment 3):
// the browser's in dist/ and the server's in dist/server/, built by one webpack run; development
// builds the browser's alone. What the server container does in Node is proven after the builds
// (scripts/after-build/server-container.test.mjs).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib/paths.mjs';

const require = createRequire(import.meta.url);
const { SERVER_DIR, SOURCE_MAPS_DIR, createRemoteConfigs } = require('../tooling/src/webpack-config.cjs');

const dir = path.join(ROOT, 'mfe-catalog');
const app = { dir, ...require(path.join(dir, 'federation.config.json')) };
const federationOf = (config) => config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options;

test('production: the browser container, then the server container, under names of their own', () => {
  const configs = createRemoteConfigs(app)({}, { mode: 'production' });
  assert.deepEqual(configs.map((config) => config.name), ['catalog', 'catalog-server']);
});

test('development: the browser container alone (the dev server)', () => {
  const config = createRemoteConfigs(app)({}, { mode: 'development' });
  assert.equal(config.name, 'catalog');
  assert.equal(config.mode, 'development');
});

test('the server container: Node, in dist/server/, the same pages and shared singletons as the browser’s', () => {
  const [browser, server] = createRemoteConfigs(app)({}, { mode: 'production' });
  assert.equal(server.target, 'async-node');
  assert.equal(server.output.path, path.join(dir, 'dist', SERVER_DIR));
  assert.equal(server.output.publicPath, '');
  const [browserFederation, serverFederation] = [federationOf(browser), federationOf(server)];
  assert.equal(serverFederation.name, browserFederation.name);
  assert.equal(serverFederation.filename, 'remoteEntry.js');
  assert.deepEqual(serverFederation.exposes, browserFederation.exposes);
  // the same singletons; the browser's takes them from the host alone (`import: false`), the server's keeps its
  // own copies (the render server is a host of its own)
  const withoutImport = ({ import: _import, ...config }) => config;
  assert.deepEqual(serverFederation.shared, Object.fromEntries(Object.entries(browserFederation.shared).map(([key, config]) => [key, withoutImport(config)])));
  assert.equal(browserFederation.shared.react.import, false);
  assert.equal(browserFederation.shared['@utsav/contracts'].import, false);
  assert.equal(serverFederation.shared.react.import, undefined);
  assert.deepEqual(serverFederation.library, { type: 'commonjs-module' });
  assert.deepEqual(serverFederation.runtimePlugins, [require.resolve('@module-federation/node/runtimePlugin', { paths: [path.join(ROOT, 'tooling')] })]);
  // its own manifest, in dist/server/ beside it: what the release gate compares with the host's render server's
  assert.deepEqual(serverFederation.manifest, { fileName: 'mf-manifest.json' });
  // each chunk named after its app: the node runtime plugin looks for `/server/<chunk>` on disk first
  assert.match(server.output.chunkFilename, /utsav_catalog_server/);
});

test('the browser build keeps dist/server/ and its maps; the server build keeps its maps beside dist/, hidden', () => {
  const [browser, server] = createRemoteConfigs(app)({}, { mode: 'production' });
  assert.ok(browser.output.clean.keep(SERVER_DIR) && browser.output.clean.keep(`${SERVER_DIR}/remoteEntry.js`));
  assert.ok(!browser.output.clean.keep('remoteEntry.js'));
  assert.equal(server.devtool, 'hidden-source-map');
  const mapOfEntry = path.resolve(server.output.path, server.output.sourceMapFilename.replace('[file]', 'remoteEntry.js'));
  assert.equal(mapOfEntry, path.join(dir, SOURCE_MAPS_DIR, SERVER_DIR, 'remoteEntry.js.map'));
});
