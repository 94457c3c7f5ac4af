/**
 * The one webpack + Module Federation configuration of every Utsav app. A remote exposes one
 * module per page ('./Home' -> src/pages/Home) and emits mf-manifest.json; the host has no
 * remotes at build time: it registers them from /remotes.json when it boots.
 * A remote's production build makes two containers of the same pages: the browser's (dist/) and
 * the server's (dist/server/, for Node: what the host's render server loads from the remote's URL).
 */
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const swcOptions = require('./swc-options.cjs');
const { CATALOGUE } = require('./i18n-catalogue.cjs');
const { SINGLETONS, sharedModules } = require('./shared-modules.cjs');
const { SERVER_SESSION, runtimeConfigFiles } = require('./runtime-config.cjs');
const { apiUrlFrom, sessionRoutes } = require('./session-routes.cjs');
const { isMediaPath, mediaProxy } = require('./media-proxy.cjs');
const { BootChunkInHtmlPlugin, hostChunks } = require('./perf/host-chunks.cjs');
const { PageSharesPlugin } = require('./perf/page-shares.cjs');
const { SharedStatePlugin } = require('./shared-state.cjs');
const { AppManifestPlugin, BRAND, MANIFEST_FILE } = require('./app-manifest.cjs');
const { reactRouterProductionAliases } = require('./perf/react-router-production.cjs');
const { RemotePagesPlugin } = require('./release/remote-pages.cjs');
const { HostBuildFiles, PrecacheManifestPlugin, SERVICE_WORKER_BUILD_DIR, SERVICE_WORKER_FILE, VersionedEntryPlugin } = require('./service-worker.cjs');

// the ES module build, which the bundler runtime itself imports, so the host shares that very copy
const federationRuntimeCore = require
  .resolve('@module-federation/runtime-core', { paths: [require.resolve('@module-federation/enhanced/webpack')] })
  .replace(/\.cjs$/, '.js');

const reactRouterProduction = reactRouterProductionAliases(path.join(__dirname, '../../shared-contracts'));

// UTSAV_CONTRACTS_VERSION builds a remote as if against an older @utsav/contracts (the compatibility test)
const contractsVersion = process.env.UTSAV_CONTRACTS_VERSION ?? require('../../shared-contracts/package.json').version;

/** The catalog's pictures on the dev server's own origin, as the production host serves them (a remote's standalone page shows them too). */
function mediaMiddleware(middlewares) {
  const media = mediaProxy({ apiUrl: apiUrlFrom() });
  // no mount path: express would take it off req.url, which the proxy forwards
  middlewares.unshift({ name: 'utsav-media', middleware: (req, res, next) => (isMediaPath(req.url ?? '') ? media(req, res).catch(next) : next()) });
  return middlewares;
}

/** Serves /remotes.json, /config.json, /session and /media/ in the dev server exactly as the production server does. */
function runtimeConfigMiddleware(middlewares) {
  mediaMiddleware(middlewares);
  const session = sessionRoutes({ apiUrl: apiUrlFrom() });
  middlewares.unshift({
    name: 'utsav-session',
    path: SERVER_SESSION.path,
    middleware: (req, res, next) => session(req, res).catch(next),
  });
  middlewares.unshift({
    name: 'utsav-runtime-config',
    middleware: (req, res, next) => {
      const file = runtimeConfigFiles()[req.path.replace(/^\//, '')];
      if (!file) return next();
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(file);
    },
  });
  return middlewares;
}

/**
 * The app's HTML pages: the host's (index.html, and login.html with the Login page drawn in plain
 * HTML so it shows before the code loads; the server maps /login to it), or a remote's standalone
 * page in development.
 */
function htmlPages({ isHost, name, title }) {
  const shell = (file) => fs.readFileSync(path.join(__dirname, 'shells', file), 'utf8');
  const page = (filename, shellFile) => htmlPage({ isHost, name, title, filename, shell: shell(shellFile) });
  return isHost ? [page('index.html', 'boot.html'), page('login.html', 'login.html')] : [page('index.html', 'boot.html')];
}

function htmlPage({ isHost, name, title, filename, shell }) {
  return new HtmlWebpackPlugin({
    filename,
    shell,
    template: path.join(__dirname, 'index.html'),
    chunks: ['main'],
    // absolute, so a deep link (/service/s1) of an app served at its origin's root still loads
    publicPath: '/',
    title: isHost ? title : `${title} · ${name} (standalone)`,
    // the host's pages link its web app manifest (installable); a remote's standalone page has none
    manifest: isHost ? `/${MANIFEST_FILE}` : '',
    brand: BRAND,
    // the host's pages keep what is tapped or typed before the app takes them over (perf/README.md)
    earlyInput: isHost ? fs.readFileSync(path.join(__dirname, 'perf', 'early-input.js'), 'utf8') : '',
    scriptLoading: 'defer',
    // html-webpack-plugin's production defaults, keeping comments: <!--/root--> marks where the host's
    // render server's page ends (host-shell/src/server/template.ts)
    minify: {
      collapseWhitespace: true,
      keepClosingSlash: true,
      // the inline early-input script (the CSP allows it by the hash of what is served: serve.cjs)
      minifyJS: true,
      removeComments: false,
      removeRedundantAttributes: true,
      removeScriptTypeAttributes: true,
      removeStyleLinkTypeAttributes: true,
      useShortDoctype: true,
    },
  });
}

/**
 * Production source maps are build artifacts, never served: hidden (no sourceMappingURL comment in
 * the served files) and written beside dist/ in dist-sourcemaps/ (e.g. dist-sourcemaps/main.js.map
 * for dist/main.js), where the static server never looks. The bench reads them there.
 */
const SOURCE_MAPS_DIR = 'dist-sourcemaps';

/**
 * A remote's server container: dist/server/ (served with the browser's files by the same static
 * server), its maps in dist-sourcemaps/server/. The browser build leaves both to the server build.
 */
const SERVER_DIR = 'server';

/**
 * Empties dist-sourcemaps/ when a build starts, as output.clean empties dist/ (not in watch mode,
 * which rewrites only changed files); all but `keep` (a remote's browser build keeps server/, which
 * its server build empties).
 */
class CleanSourceMapsPlugin {
  constructor(dir, keep = []) {
    this.dir = dir;
    this.keep = keep;
  }

  apply(compiler) {
    compiler.hooks.run.tap('CleanSourceMapsPlugin', () => {
      if (!fs.existsSync(this.dir)) return;
      for (const name of fs.readdirSync(this.dir)) {
        if (!this.keep.includes(name)) fs.rmSync(path.join(this.dir, name), { recursive: true, force: true });
      }
    });
  }
}

/** A remote exposes one module per page: './Home' -> ./src/pages/Home. */
const exposesOf = (pages) => Object.fromEntries(pages.map((page) => [`./${page}`, `./src/pages/${page}`]));

const resolveOptions = (production) => ({
  extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
  alias: { 'utsav-federation-runtime-core$': federationRuntimeCore, ...(production ? reactRouterProduction : {}) },
});

const moduleRules = (production) => ({
  rules: [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      use: { loader: require.resolve('swc-loader'), options: swcOptions({ development: !production }) },
    },
    { test: /\.(png|jpe?g|webp|svg|woff2?)$/i, type: 'asset/resource' },
    // message catalogues, compiled for Lingui's runtime (i18n-catalogue.cjs): no ICU parser in the browser
    { test: CATALOGUE, type: 'javascript/auto', use: require.resolve('./i18n-loader.cjs') },
  ],
});

/** What an app's containers share, the browser's and the server's alike (the host's also provides MUI). */
const sharedOf = (pkg, { dir, name }) => sharedModules(pkg, contractsVersion, name === 'host' ? { dir } : undefined);

/**
 * A remote's browser build takes the house's singletons from the host alone (`import: false`): no copy of its
 * own to offer, so its remoteEntry.js carries no table of them (perf/README.md: −2.3 to −3.0 KB gzip on every
 * route). The host offers every one of them (and every MUI part); the release gate refuses a version that asks
 * for one the live host does not offer (host-shares.json, perf/page-shares.cjs). The form library
 * (SINGLETONS_IF_USED) stays the remote's own: the host has none.
 */
const HOST_KEYS = new Set(SINGLETONS.map(([key]) => key));
const consumedOnly = (shared) =>
  Object.fromEntries(Object.entries(shared).map(([key, config]) => [key, HOST_KEYS.has(key) ? { ...config, import: false } : config]));

/**
 * @param {object} app
 * @param {string} app.dir           the app's folder (__dirname of its webpack.config.js)
 * @param {string} app.name          federation name: host | catalog | booking | checkout | account
 * @param {number} app.port
 * @param {string[]} [app.pages]     a remote's page modules, e.g. ['Home', 'Search']
 * @param {string} [app.title]
 * @param {import('./service-worker.cjs').HostBuildFiles} [app.hostFiles]  the host's: where its browser build
 *   records its files for its service worker's build
 */
function createAppConfig({ dir, name, port, pages = [], title = 'Utsav', hostFiles }) {
  const isHost = name === 'host';
  const pkg = require(path.join(dir, 'package.json'));
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // In production a remote is only a remote: it borrows the host's federation runtime (~20 KB gzip
    // less per remote on every page) and so has no standalone page; `dev` keeps the standalone app.
    const remoteOnly = production && !isHost;
    const chunks = isHost && production ? hostChunks() : undefined;
    const exposes = exposesOf(pages);
    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      entry: remoteOnly ? {} : { main: './src/index.ts' },
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Entries keep stable names (served no-cache); everything else is content-hashed (cached forever).
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `utsav_${name}`,
        // the server container (createServerConfig) is built beside this one, into dist/server/
        clean: isHost ? true : { keep: (asset) => asset === SERVER_DIR || asset.startsWith(`${SERVER_DIR}/`) },
        ...(production ? { sourceMapFilename: `../${SOURCE_MAPS_DIR}/[file].map` } : {}),
      },
      resolve: resolveOptions(production),
      module: moduleRules(production),
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? {
                remotes: {},
                shareStrategy: 'loaded-first',
                runtimePlugins: [
                  path.join(dir, 'src/federation/remote-fallback-plugin.ts'),
                  // a remote's manifest and entry load with Subresource Integrity from its release's record
                  path.join(dir, 'src/federation/integrity-plugin.ts'),
                  path.join(__dirname, 'perf/share-runtime-plugin.mjs'),
                ],
              }
            : { filename: 'remoteEntry.js', exposes }),
          shared: remoteOnly ? consumedOnly(sharedOf(pkg, { dir, name })) : sharedOf(pkg, { dir, name }),
          // the host's says what it provides, the remotes' what they expose and require (the release gate reads both)
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          experiments: {
            // the browser's runtime only: the federation runtime's Node loading code is left out (perf/README.md)
            optimization: { target: 'web' },
            ...(remoteOnly ? { externalRuntime: true } : {}),
          },
        }),
        ...(remoteOnly ? [] : htmlPages({ isHost, name, title })),
        ...(chunks ? [chunks.plugin, new BootChunkInHtmlPlugin()] : []),
        ...(isHost ? [new AppManifestPlugin({ iconsDir: path.join(dir, 'public/icons') }), new RemotePagesPlugin()] : [new PageSharesPlugin()]),
        // one copy per page of each of the contracts' modules that hold state, or the build fails
        new SharedStatePlugin(),
        // the host's pages name its entry by version, and its files go to its service worker's build (service-worker.cjs)
        ...(isHost && production ? [new VersionedEntryPlugin(), ...(hostFiles ? [hostFiles.recorder()] : [])] : []),
        ...(production ? [new CleanSourceMapsPlugin(path.join(dir, SOURCE_MAPS_DIR), isHost ? [] : [SERVER_DIR])] : []),
      ],
      optimization: {
        ...(chunks ? { splitChunks: chunks.splitChunks } : {}),
        minimize: production,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      devServer: {
        port,
        host: 'localhost',
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        setupMiddlewares: isHost ? runtimeConfigMiddleware : mediaMiddleware,
      },
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}

/**
 * A remote's server container: the same pages, for Node. The host's render server loads it at run
 * time from the remote's own origin (`<origin>/server/remoteEntry.js`, served with the browser's
 * files), as the browser loads `remoteEntry.js`, and offers it the same shared singletons.
 * - target async-node: chunks are fetched (or read) and run by @module-federation/node's runtime
 *   plugin; `library: commonjs-module`, so the entry's `module.exports` is the container.
 * - publicPath '': the runtime plugin then resolves chunks against the URL the host registered the
 *   entry under (there is no document to find a script's URL in, and the origin is a deploy detail).
 * - the remote's name is in every chunk's name: the runtime plugin reads a chunk from the host's
 *   file system first when `/server/<chunk>` exists there; another app's file must never match.
 * - the browser's shared singletons, exactly (sharedOf); its own federation runtime (no
 *   externalRuntime: a Node host has no browser host's runtime to lend); its own manifest,
 *   server/mf-manifest.json (what the release gate compares with the host's render server's).
 * - minified, hidden source maps in dist-sourcemaps/server/: a quarter of the unminified size,
 *   which also keeps serve.cjs's brotli pass over it at start short (measured on the catalog:
 *   0.9 MB, 0.8 s, against 3.3 MB, 3.7 s).
 * @param {object} app  as createAppConfig's (a remote's)
 */
function createServerConfig({ dir, name, pages = [] }) {
  const uniqueName = `utsav_${name}_server`;
  return () =>
    nodeConfig({
      dir,
      name,
      entry: {},
      output: {
        path: path.join(dir, 'dist', SERVER_DIR),
        sourceMapFilename: `../../${SOURCE_MAPS_DIR}/${SERVER_DIR}/[file].map`,
        chunkFilename: `[name].${uniqueName}.[contenthash:10].js`,
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName,
      },
      federation: { filename: 'remoteEntry.js', exposes: exposesOf(pages), library: { type: 'commonjs-module' } },
      plugins: [new CleanSourceMapsPlugin(path.join(dir, SOURCE_MAPS_DIR, SERVER_DIR))],
      optimization: { minimize: true, minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })] },
    });
}

/** Where the host's render server is built: beside dist/, never served. */
const RENDER_SERVER_DIR = 'dist-server';

/**
 * The host's render server (src/server/render.tsx), for Node: the same app code as the browser's, with
 * the host's shared singletons (the remotes' server containers it loads at run time are offered them,
 * as in the browser) and the remote-fallback plugin. `render.js` exports `createRenderer` (after the
 * share scope is set up: the export is a promise of the module) and is loaded by the host's static
 * server (tooling/src/serve.cjs --render).
 * @param {object} app  as createAppConfig's (the host's)
 */
function createRenderServerConfig({ dir, name }) {
  return () =>
    nodeConfig({
      dir,
      name,
      entry: { render: './src/server/render.tsx' },
      output: {
        path: path.join(dir, RENDER_SERVER_DIR),
        sourceMapFilename: '[file].map',
        chunkFilename: '[name].[contenthash:10].js',
        uniqueName: `utsav_${name}_server`,
        library: { type: 'commonjs2' },
      },
      federation: {
        remotes: {},
        shareStrategy: 'loaded-first',
        runtimePlugins: [path.join(dir, 'src/federation/remote-fallback-plugin.ts')],
      },
      // readable stack traces in the server's logs cost nothing here: nothing is sent to a browser
      optimization: { minimize: false },
    });
}

/**
 * What both Node builds share (a remote's server container, the host's render server): production,
 * target async-node (chunks fetched or read and run by @module-federation/node's runtime plugin, which
 * every Node container carries), entries under stable names, publicPath '' (chunks resolve against
 * the entry's own URL), the app's shared singletons exactly as its browser build declares them, a
 * manifest of its own (for the release gate), and an async start-up (the share scope is set up before any module runs).
 */
function nodeConfig({ dir, name, entry, output, federation, plugins = [], optimization }) {
  const pkg = require(path.join(dir, 'package.json'));
  const { runtimePlugins = [], ...containerOptions } = federation;
  return {
    name: `${name}-server`,
    mode: 'production',
    context: dir,
    target: 'async-node',
    entry,
    devtool: 'hidden-source-map',
    output: { filename: '[name].js', publicPath: '', clean: true, ...output },
    resolve: resolveOptions(true),
    module: moduleRules(true),
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...containerOptions,
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), ...runtimePlugins],
        shared: sharedOf(pkg, { dir, name }),
        // server/mf-manifest.json of a remote, dist-server/mf-manifest.json of the host: the release gate's server side
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        experiments: { asyncStartup: true },
      }),
      new SharedStatePlugin(),
      ...plugins,
    ],
    optimization,
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * The host's service worker (service-worker.cjs): src/service-worker/sw.ts for a worker's global
 * scope, with no federation, built after the host's browser build (whose files it precaches) into
 * dist-sw/, from where Workbox writes dist/sw.js with the precache list. Production only: the dev
 * server has no worker.
 * @param {object} app  as createAppConfig's (the host's)
 */
function createServiceWorkerConfig({ dir, name, hostFiles }) {
  return () => ({
    name: `${name}-sw`,
    // its precache list is read from the browser build's dist/
    dependencies: [name],
    mode: 'production',
    context: dir,
    target: 'webworker',
    entry: { sw: './src/service-worker/sw.ts' },
    // no map: Workbox rewrites the file after webpack (a few hundred lines of Workbox and our rules)
    devtool: false,
    output: { path: path.join(dir, SERVICE_WORKER_BUILD_DIR), filename: SERVICE_WORKER_FILE, publicPath: '/', clean: true },
    resolve: resolveOptions(true),
    module: moduleRules(true),
    plugins: [new PrecacheManifestPlugin({ dist: path.join(dir, 'dist'), hostFiles })],
    optimization: { minimize: true, minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })] },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  });
}

/**
 * The host's webpack configuration: in production its browser app, its render server and its service
 * worker, in development the browser's alone.
 */
function createHostConfigs(app) {
  const hostFiles = new HostBuildFiles();
  const browser = createAppConfig({ ...app, hostFiles });
  const server = createRenderServerConfig(app);
  const worker = createServiceWorkerConfig({ ...app, hostFiles });
  return (env, argv) => (argv.mode === 'development' ? browser(env, argv) : [browser(env, argv), server(env, argv), worker(env, argv)]);
}

/**
 * A remote's webpack configuration: in production its browser container and its server container
 * (webpack builds both; `--config-name <name>` or `<name>-server` builds one), in development the
 * browser's alone (the dev server).
 * @param {object} app  as createAppConfig's
 */
function createRemoteConfigs(app) {
  const browser = createAppConfig(app);
  const server = createServerConfig(app);
  return (env, argv) => (argv.mode === 'development' ? browser(env, argv) : [browser(env, argv), server(env, argv)]);
}

module.exports = { RENDER_SERVER_DIR, SERVER_DIR, SOURCE_MAPS_DIR, createAppConfig, createHostConfigs, createRemoteConfigs, createServerConfig, createServiceWorkerConfig };
