// Production builds keep their source maps as build artifacts outside the served dist/, with no
// sourceMappingURL comment pointing at them; development keeps its inline maps.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import { ROOT } from './lib/paths.mjs';

const require = createRequire(import.meta.url);
const { SOURCE_MAPS_DIR, createAppConfig } = require('../tooling/src/webpack-config.cjs');

const apps = [
  { dir: path.join(ROOT, 'host-shell'), name: 'host', port: 3000 },
  { dir: path.join(ROOT, 'mfe-booking'), name: 'booking', port: 3002, pages: ['SlotSelection'] },
];

for (const app of apps) {
  test(`the ${app.name} production build writes hidden source maps beside dist/, not in it`, () => {
    const config = createAppConfig(app)({}, { mode: 'production' });
    // "hidden": the maps are written but no served file names them
    assert.equal(config.devtool, 'hidden-source-map');
    assert.equal(SOURCE_MAPS_DIR, 'dist-sourcemaps');
    const mapOfMain = path.resolve(config.output.path, config.output.sourceMapFilename.replace('[file]', 'main.js'));
    assert.equal(mapOfMain, path.join(app.dir, 'dist-sourcemaps', 'main.js.map'));
    assert.ok(!mapOfMain.startsWith(config.output.path + path.sep), 'the map is inside the served dist/');
    assert.ok(config.plugins.some((plugin) => plugin.constructor.name === 'CleanSourceMapsPlugin'));
  });
}

test('development builds keep inline maps in the dev server and write nothing beside dist/', () => {
  const config = createAppConfig(apps[1])({}, { mode: 'development' });
  assert.match(config.devtool, /^eval-/);
  assert.equal(config.output.sourceMapFilename, undefined);
});
