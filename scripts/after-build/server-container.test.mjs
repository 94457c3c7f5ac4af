// Each remote's server container, alone (issue 17; docs/ssr-design.md, increment 3): the remote's built
// dist/ served by the project's static server on a random port, and this Node process standing in for
// the host's render server: a federation runtime instance that offers host-shell's own React, react-dom,
// MUI, emotion, jotai and @utsav/contracts as the shared singletons and registers the remote's server
// entry by its URL at run time. Every exposed page of every remote loads and renders in Node; the
// catalog's Home renders its own content, with the host's router, theme and emotion.
// Runs after the production builds: npm test runs scripts/after-build/ once buildAll is done.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from '../lib/paths.mjs';
import { startServe } from '../lib/serve-process.mjs';
import { registerTypeScript } from '../lib/typescript-require.mjs';

const REMOTE_DIRS = ['mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account'];
const HOST_DIR = path.join(ROOT, 'host-shell');

const toolingRequire = createRequire(path.join(ROOT, 'tooling/package.json'));
const { SERVER_DIR } = toolingRequire('./src/webpack-config.cjs');
const { sharedModules } = toolingRequire('./src/shared-modules.cjs');
// what the host's server will take its modules from: host-shell's own dependencies
const hostRequire = createRequire(path.join(HOST_DIR, 'package.json'));
// react-router as the shared slice (@utsav/contracts/router) re-exports it: the same module instance
const contractsRequire = createRequire(path.join(ROOT, 'shared-contracts/package.json'));
// @utsav/contracts is TypeScript source: the host's copy is compiled on require (webpack will bundle it in the render server)
registerTypeScript();

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const hostPkg = readJson(path.join(HOST_DIR, 'package.json'));
const contractsVersion = readJson(path.join(ROOT, 'shared-contracts/package.json')).version;

// what this process fetches: the remote entries and their chunks (the sdk and the containers' node
// runtime plugin both fetch through the global fetch)
const fetched = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  fetched.push(typeof input === 'string' ? input : String(input.url ?? input));
  return realFetch(input, init);
};

/** The package a shared key belongs to: '@mui/material/Box' -> '@mui/material', 'react/jsx-runtime' -> 'react'. */
const packageOf = (key) => key.split('/').slice(0, key.startsWith('@') ? 2 : 1).join('/');

/** Where the host's build finds a package: its own node_modules, else the contracts' (Lingui, under the contracts' i18n-core). */
function requireFor(pkg) {
  try {
    hostRequire.resolve(`${pkg}/package.json`);
    return hostRequire;
  } catch {
    return contractsRequire;
  }
}

/**
 * What the host offers, as the runtime takes it: every key the remote shares (its server manifest) that the
 * host's own build shares too (sharedModules, by name or under a prefix key ending in '/'), each from
 * host-shell's node_modules at the version installed there. A key the host does not share stays the
 * remote's own copy, as in the browser.
 */
function hostShared(remoteKeys) {
  const config = sharedModules(hostPkg, contractsVersion, { dir: HOST_DIR });
  const shared = {};
  for (const key of remoteKeys) {
    const configKey = key in config ? key : Object.keys(config).find((prefix) => prefix.endsWith('/') && key.startsWith(prefix));
    if (!configKey) continue;
    const pkg = packageOf(key);
    const from = requireFor(pkg);
    const version = pkg === '@utsav/contracts' ? contractsVersion : readJson(from.resolve(`${pkg}/package.json`)).version;
    shared[key] = { version, lib: () => from(key), shareConfig: { singleton: true, requiredVersion: config[configKey].requiredVersion } };
  }
  return shared;
}

/**
 * One remote, alone: its dist/ served, and a federation instance of its own (one per remote, as
 * nothing else is registered in it) with the remote's server entry registered by URL.
 */
async function startRemote(dir) {
  const appDir = path.join(ROOT, dir);
  const dist = path.join(appDir, 'dist');
  const { name, pages } = readJson(path.join(appDir, 'federation.config.json'));
  assert.ok(fs.existsSync(path.join(dist, SERVER_DIR, 'remoteEntry.js')), `${dir}/dist/${SERVER_DIR}/remoteEntry.js is missing: build ${dir} first`);
  const server = await startServe({ dir: dist });
  const { createInstance } = hostRequire('@module-federation/enhanced/runtime');
  const hostName = `utsav_render_server_test_${name}`;
  const offered = hostShared(readJson(path.join(dist, SERVER_DIR, 'mf-manifest.json')).shared.map((shared) => shared.name));
  const federation = createInstance({ name: hostName, remotes: [], shared: offered, shareStrategy: 'loaded-first' });
  const entry = `${server.url}/${SERVER_DIR}/remoteEntry.js`;
  // at run time, by URL, as the host's server will register each remote it reads from remotes.json
  federation.registerRemotes([{ name, entry, type: 'commonjs-module' }]);
  return { name, pages, server, federation, hostName, entry, offered: Object.keys(offered) };
}

/**
 * A page rendered to HTML as the host's render server will, at `location`, inside the providers it
 * needs. The contracts' router slice has BrowserRouter only: the render server needs StaticRouter there.
 */
function renderPage(Page, location) {
  const React = hostRequire('react');
  const { renderToString } = hostRequire('react-dom/server');
  const { StaticRouter } = contractsRequire('react-router-dom');
  const { ThemeProvider } = hostRequire('@mui/material/styles');
  const { createUtsavTheme } = hostRequire('@utsav/contracts');
  const h = React.createElement;
  return renderToString(h(StaticRouter, { location }, h(ThemeProvider, { theme: createUtsavTheme() }, h(Page))));
}

for (const dir of REMOTE_DIRS) {
  describe(`${dir}'s server container, loaded in Node from the remote's URL`, () => {
    let remote;
    before(async () => {
      remote = await startRemote(dir);
    });
    after(() => remote?.server.stop());

    test('every exposed page loads (no window, document or Image needed to load) and exports its component', async () => {
      for (const page of remote.pages) {
        const module = await remote.federation.loadRemote(`${remote.name}/${page}`);
        assert.ok(module, `${remote.name}/${page} did not load`);
        assert.ok(['function', 'object'].includes(typeof module.default), `${remote.name}/${page} has no default export`);
      }
      // the entry and its chunks came over HTTP from the remote's server/ folder: the container's node
      // runtime plugin resolved the chunks against the registered entry URL (publicPath ''), not the disk
      const fromRemote = fetched.filter((url) => url.startsWith(remote.server.url));
      assert.equal(fromRemote[0], remote.entry);
      assert.ok(fromRemote.length > 1, 'no chunk was fetched');
      for (const url of fromRemote) assert.ok(url.startsWith(`${remote.server.url}/${SERVER_DIR}/`), `${url} is not a server chunk`);
    });

    test('each shared module the host offers and the pages use is the host’s, in one version', () => {
      const scope = remote.federation.shareScopeMap.default;
      const used = remote.offered.filter((key) => Object.values(scope[key] ?? {}).some((shared) => shared.useIn.includes(remote.name)));
      for (const key of ['react', 'react/jsx-runtime', '@utsav/contracts']) assert.ok(used.includes(key), `${remote.name} did not take ${key} from the host`);
      for (const key of used) {
        const versions = Object.entries(scope[key]);
        assert.equal(versions.length, 1, `${key} in versions ${versions.map(([version]) => version)}`);
        assert.equal(versions[0][1].from, remote.hostName, `${key} came from ${versions[0][1].from}`);
      }
    });

    test('every page renders to HTML in Node (no session, no data: its own first state)', async () => {
      for (const page of remote.pages) {
        const { default: Page } = await remote.federation.loadRemote(`${remote.name}/${page}`);
        assert.equal(typeof renderPage(Page, '/'), 'string', page);
      }
    });

    if (dir === 'mfe-catalog') {
      test('Home renders to HTML inside the host’s router and theme, its styles inline', async () => {
        const { default: Home } = await remote.federation.loadRemote(`${remote.name}/Home`);
        const html = renderPage(Home, '/');

        assert.match(html, /<h1[^>]*>Find Perfect Wedding Services<\/h1>/);
        assert.match(html, /<a [^>]*href="\/services"[^>]*>Browse Services/);
        for (const heading of ['Popular Categories', 'Recommended For You', 'Recently Added']) assert.ok(html.includes(`>${heading}<`), heading);
        assert.match(html, /href="\/services\?category=Photography"/);
        // emotion's server rendering: each rule inline, before its element (critical CSS in the HTML)
        assert.match(html, /<style data-emotion="css [^"]+">\.css-/);
        // the remote's MUI components saw the host's theme (one MUI): Utsav's primary, not MUI's default blue
        assert.ok(html.includes('--variant-containedBg:#9c1f4f'), 'the theme did not reach the Browse Services button');
        assert.ok(!html.includes('#1976d2'), "MUI's default theme was used");
      });
    }
  });
}
