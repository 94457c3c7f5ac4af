/**
 * The one webpack + Module Federation configuration of every Utsav app. A remote exposes one
 * module per page ('./Home' -> src/pages/Home) and emits mf-manifest.json; the host has no
 * remotes at build time: it registers them from /remotes.json when it boots.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const swcOptions = require('./swc-options.cjs');
const { sharedModules } = require('./shared-modules.cjs');
const { runtimeConfigFiles } = require('./runtime-config.cjs');
const { SESSION_PATH, apiUrlFrom, sessionRoutes } = require('./session-routes.cjs');
const { BootChunkInHtmlPlugin, hostChunks } = require('./perf/host-chunks.cjs');
const { reactRouterProductionAliases } = require('./perf/react-router-production.cjs');

// the ES module build, which the bundler runtime itself imports, so the host shares that very copy
const federationRuntimeCore = require
  .resolve('@module-federation/runtime-core', { paths: [require.resolve('@module-federation/enhanced/webpack')] })
  .replace(/\.cjs$/, '.js');

const reactRouterProduction = reactRouterProductionAliases(path.join(__dirname, '../../shared-contracts'));

// UTSAV_CONTRACTS_VERSION builds a remote as if against an older @utsav/contracts (the compatibility test)
const contractsVersion = process.env.UTSAV_CONTRACTS_VERSION ?? require('../../shared-contracts/package.json').version;

/** Serves /remotes.json, /config.json and /session in the dev server exactly as the production server does. */
function runtimeConfigMiddleware(middlewares) {
  const session = sessionRoutes({ apiUrl: apiUrlFrom() });
  middlewares.unshift({
    name: 'utsav-session',
    path: SESSION_PATH,
    middleware: (req, res, next) => session(req, res, {}).catch(next),
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
    scriptLoading: 'defer',
  });
}

/**
 * Production source maps are build artifacts, never served: hidden (no sourceMappingURL comment in
 * the served files) and written beside dist/ in dist-sourcemaps/ (e.g. dist-sourcemaps/main.js.map
 * for dist/main.js), where the static server never looks. The bench reads them there.
 */
const SOURCE_MAPS_DIR = 'dist-sourcemaps';

/** Empties dist-sourcemaps/ when a build starts, as output.clean empties dist/ (not in watch mode, which rewrites only changed files). */
class CleanSourceMapsPlugin {
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    compiler.hooks.run.tap('CleanSourceMapsPlugin', () => fs.rmSync(this.dir, { recursive: true, force: true }));
  }
}

/**
 * @param {object} app
 * @param {string} app.dir           the app's folder (__dirname of its webpack.config.js)
 * @param {string} app.name          federation name: host | catalog | booking | checkout | account
 * @param {number} app.port
 * @param {string[]} [app.pages]     a remote's page modules, e.g. ['Home', 'Search']
 * @param {string} [app.title]
 */
function createAppConfig({ dir, name, port, pages = [], title = 'Utsav' }) {
  const isHost = name === 'host';
  const pkg = require(path.join(dir, 'package.json'));
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // In production a remote is only a remote: it borrows the host's federation runtime (~20 KB gzip
    // less per remote on every page) and so has no standalone page; `dev` keeps the standalone app.
    const remoteOnly = production && !isHost;
    const chunks = isHost && production ? hostChunks() : undefined;
    const exposes = Object.fromEntries(pages.map((page) => [`./${page}`, `./src/pages/${page}`]));
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
        clean: true,
        ...(production ? { sourceMapFilename: `../${SOURCE_MAPS_DIR}/[file].map` } : {}),
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        alias: { 'utsav-federation-runtime-core$': federationRuntimeCore, ...(production ? reactRouterProduction : {}) },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: require.resolve('swc-loader'), options: swcOptions({ development: !production }) },
          },
          { test: /\.(png|jpe?g|webp|svg|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost
            ? {
                remotes: {},
                shareStrategy: 'loaded-first',
                runtimePlugins: [
                  path.join(dir, 'src/federation/remote-fallback-plugin.ts'),
                  path.join(__dirname, 'perf/share-runtime-plugin.mjs'),
                ],
              }
            : { filename: 'remoteEntry.js', exposes }),
          shared: sharedModules(pkg, contractsVersion, isHost ? { dir } : undefined),
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          ...(remoteOnly ? { experiments: { externalRuntime: true } } : {}),
        }),
        ...(remoteOnly ? [] : htmlPages({ isHost, name, title })),
        ...(chunks ? [chunks.plugin, new BootChunkInHtmlPlugin()] : []),
        ...(production ? [new CleanSourceMapsPlugin(path.join(dir, SOURCE_MAPS_DIR))] : []),
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
        setupMiddlewares: isHost ? runtimeConfigMiddleware : undefined,
      },
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}

module.exports = { SOURCE_MAPS_DIR, createAppConfig };
