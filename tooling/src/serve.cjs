#!/usr/bin/env node
/**
 * Serves one built app as its own deployable would be: brotli/gzip precompressed at start,
 * content-hashed files cached forever, entries/manifests/HTML revalidated every time (the host's
 * service worker /sw.js too: at the root, so its scope is the whole app, and never cached long, so
 * the browser finds a new build's worker on the next page load), CORS open
 * for remotes (the host fetches their manifests cross-origin), SPA fallback to index.html when the
 * app has a page (a production remote is only its manifest and chunks).
 * The host also gets /remotes.json and /config.json written from env at start, POST/DELETE /session
 * (session-routes.cjs: the server session cookie on its own origin), the catalog's pictures under
 * /media/ from the API (media-proxy.cjs: on the page's origin, no second connection), and under
 * NODE_ENV=production refuses to start with a local stand-in in them (host-environment.cjs).
 * A malformed URL is a 400; no request can take the server down (request-guard.cjs); /health answers 200. Source maps
 * are never served: production builds keep them beside dist/, in dist-sourcemaps/.
 *
 * With --render <file> (the host's render server, host-shell/dist-server/render.js) the host's pages
 * are rendered on the server (render-routes.cjs), and its manifest is served at /server/mf-manifest.json
 * (what the release gate compares a remote's server container with).
 *
 * With --releases <dir> a remote is served from its folder of the release store
 * (release/store.cjs): every version at /<version>/…, read when first asked for (a version released
 * while the server runs is served at once), every file of a version cached forever by browsers except
 * its manifests, with CORS open (the host loads each entry with Subresource Integrity, a CORS request).
 * The host's /remotes.json and /remote-integrity.json then follow the live pointers (runtime-config.cjs);
 * the render server runs no file of a release whose digest differs from its signed record.
 *
 *   utsav-serve --dir dist --port 3001 [--runtime-config [--render dist-server/render.js]]
 *   utsav-serve --releases .data/releases/catalog --port 3001
 */
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');
const crypto = require('node:crypto');
const { acceptedEncoding, encodedEtag, matchesEtag } = require('./http-caching.cjs');
const { REMOTES, SERVER_SESSION, configJson, liveReleases, remoteIntegrity, remotesJson, runtimeConfigFiles } = require('./runtime-config.cjs');
const { productionKeyProblem } = require('./release/signing.cjs');
const { loadRenderer, renderRoutes } = require('./render-routes.cjs');
const { productionProblem, readHostEnvironment } = require('./host-environment.cjs');
const { answerJson, answerText, guardServer } = require('./request-guard.cjs');
const { COMMON_HEADERS, inlineScriptsOf, pageHeaders, transportHeaders } = require('./security-headers.cjs');
const { apiUrlFrom, sessionRoutes } = require('./session-routes.cjs');
const { isMediaPath, mediaProxy } = require('./media-proxy.cjs');
const { preloadsIn } = require('./perf/preloads.cjs');
const { METRICS_PATH, createHostMetrics, metricsRoute } = require('./host-metrics.cjs');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);
const PRECOMPRESSED = /\.(br|gz)$/;
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
// a source map is a build artifact for developers, never part of what is served
const SOURCE_MAP = /\.map$/;


function parseArgs(argv) {
  const args = { dir: 'dist', port: 3000, runtimeConfig: false, render: null, releases: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--dir') args.dir = argv[++i];
    else if (argv[i] === '--port') args.port = Number(argv[++i]);
    else if (argv[i] === '--runtime-config') args.runtimeConfig = true;
    else if (argv[i] === '--render') args.render = argv[++i];
    else if (argv[i] === '--releases') args.releases = argv[++i];
  }
  return args;
}

function walk(dir, base = dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, base, out);
    else out.push('/' + path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/**
 * Brotli 11 is slow, so each compressed copy is kept beside its file (x.js.br, x.js.gz) and reused
 * while it is newer than the file: only the first start after a build pays for it.
 */
function compressed(fullPath, ext, compress) {
  if (!fullPath) return compress();
  const copy = `${fullPath}.${ext}`;
  if (fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= fs.statSync(fullPath).mtimeMs) return fs.readFileSync(copy);
  const data = compress();
  fs.writeFileSync(copy, data);
  return data;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function prepare(urlPath, body, fullPath, cache = HASHED.test(urlPath) ? IMMUTABLE : 'no-cache') {
  const ext = path.extname(urlPath);
  const file = {
    body,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    cache,
  };
  if (COMPRESSIBLE.has(ext) && body.length > 512) {
    file.br = compressed(fullPath, 'br', () =>
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    file.gzip = compressed(fullPath, 'gz', () => zlib.gzipSync(body, { level: 9 }));
  }
  return file;
}

function loadFiles(root, extra) {
  const files = new Map();
  for (const urlPath of walk(root)) {
    if (PRECOMPRESSED.test(urlPath) || SOURCE_MAP.test(urlPath)) continue;
    const fullPath = path.join(root, urlPath);
    files.set(urlPath, prepare(urlPath, fs.readFileSync(fullPath), fullPath));
  }
  for (const [name, text] of Object.entries(extra)) {
    // Written to disk too, so what the host was started with can be read back.
    fs.writeFileSync(path.join(root, name), text);
    files.set(`/${name}`, prepare(`/${name}`, Buffer.from(text)));
  }
  return files;
}

/** A manifest names what to load next: asked for again every time, even inside a version. */
const MANIFEST = /(^|\/)[^/]*manifest[^/]*\.json$/;
/** How many bytes of files a release store's server keeps in memory (the oldest read go first). */
const STORE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * A remote's folder of the release store, served as `files`: /<version>/<file>, read on first request
 * and kept (a version never changes; a version is complete once its release.json is there, so a
 * version being stored is not served half-copied). Everything is immutable but the manifests.
 */
function storeFiles(root) {
  const cache = new Map();
  let bytes = 0;
  const keep = (urlPath, file) => {
    cache.set(urlPath, file);
    bytes += file.body.length + (file.br?.length ?? 0) + (file.gzip?.length ?? 0);
    for (const [key, old] of cache) {
      if (bytes <= STORE_CACHE_BYTES) break;
      cache.delete(key);
      bytes -= old.body.length + (old.br?.length ?? 0) + (old.gzip?.length ?? 0);
    }
    return file;
  };
  return {
    get(urlPath) {
      if (cache.has(urlPath)) return cache.get(urlPath);
      const [, version, ...rest] = urlPath.split('/');
      if (!version || version.startsWith('.') || rest.length === 0 || rest.some((part) => part === '' || part.startsWith('.') || part === '..')) return undefined;
      if (PRECOMPRESSED.test(urlPath) || SOURCE_MAP.test(urlPath)) return undefined;
      const fullPath = path.join(root, version, ...rest);
      if (!fs.existsSync(path.join(root, version, 'release.json')) || !fs.existsSync(fullPath) || !fs.statSync(fullPath).isFile()) return undefined;
      return keep(urlPath, prepare(urlPath, fs.readFileSync(fullPath), fullPath, MANIFEST.test(urlPath) ? 'no-cache' : IMMUTABLE));
    },
  };
}

/** The encoding this file is sent in: brotli, else gzip, as the request takes them (http-caching.cjs, as the API reads it). */
function pickEncoding(file, accept) {
  return acceptedEncoding(accept, /** @type {Array<'br' | 'gzip'>} */ (['br', 'gzip']).filter((coding) => file[coding]));
}

/** The request's path, percent-decoded; null when it is not a well-formed URL (`/%`, `//`). */
function requestPath(req) {
  try {
    return decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  } catch {
    return null;
  }
}

/**
 * @param {Map} files
 * @param {Record<string, string>} [pageOnly] extra headers on HTML pages (the host's CSP)
 * @param {{ session?: Function, render?: Function, remotes?: Function, integrity?: Function, media?: Function, metrics?: Function }} [routes] the host's POST/DELETE /session
 *   (session-routes.cjs), its pages rendered on the server (render-routes.cjs), its /remotes.json and
 *   /remote-integrity.json made when asked for (the release store's live versions), and the catalog's
 *   pictures under /media/ handed to the API (media-proxy.cjs), its /metrics behind a token (host-metrics.cjs)
 */
function createServer(files, pageOnly = {}, routes = {}) {
  return guardServer(http.createServer(), async (req, res) => {
    let pathname = requestPath(req);
    if (pathname === null) {
      answerText(req, res, 400, 'Bad request: malformed URL');
      return;
    }
    // what a load balancer asks: the process is up and serving
    if (pathname === '/health') {
      answerJson(req, res, 200, { status: 'ok' });
      return;
    }
    // for Prometheus, with the metrics token only (none set: no such route)
    if (pathname === METRICS_PATH && routes.metrics) {
      await routes.metrics(req, res);
      return;
    }
    if (pathname === SERVER_SESSION.path && routes.session) {
      await routes.session(req, res);
      return;
    }
    // the catalog's pictures, on the page's own origin: the API draws them (media-proxy.cjs)
    if (routes.media && isMediaPath(pathname)) {
      await routes.media(req, res);
      return;
    }
    // a page (a path with no file extension): rendered on the server when the host does that
    if (routes.render && !path.extname(pathname) && (await routes.render(req, res))) return;
    if (pathname.endsWith('/')) pathname += 'index.html';
    // a route with a page of its own (/login -> login.html, its app shell), else the file, else
    // for a client-side route (no file extension) the app's HTML
    const live = (pathname === '/remotes.json' && routes.remotes) || (pathname === '/remote-integrity.json' && routes.integrity);
    let file = live ? live() : (!path.extname(pathname) && files.get(`${pathname}.html`)) || files.get(pathname);
    if (!file && !path.extname(pathname)) file = files.get('/index.html');
    const headers = { ...COMMON_HEADERS, ...transportHeaders(req), 'Access-Control-Allow-Origin': '*', Vary: 'Accept-Encoding' };
    if (file?.type.startsWith('text/html')) Object.assign(headers, pageOnly);
    if (!file) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    // each encoding its own strong ETag, and If-None-Match read as a list, weak tags too: as the API answers
    const encoding = pickEncoding(file, req.headers['accept-encoding']);
    const etag = encodedEtag(file.etag, encoding);
    Object.assign(headers, { 'Content-Type': file.type, 'Cache-Control': file.cache, ETag: etag });
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = encoding ? file[encoding] : file.body;
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

/** A runtime file as it is now, e.g. the host's /remotes.json (the release store's live pointers are read every time). */
function liveFile(urlPath, make) {
  let last = null;
  return () => {
    const text = JSON.stringify(make(), null, 2);
    if (last?.text !== text) last = { text, file: prepare(urlPath, Buffer.from(text)) };
    return last.file;
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = path.resolve(args.dir);
  // the host's runtime config is what the browser talks to: a local stand-in must not reach production
  // and the remotes it serves from the release store are checked with their teams' keys, never a development one
  let settings;
  try {
    settings = readHostEnvironment(process.env);
  } catch (error) {
    console.error(`utsav-serve: refusing to start: ${error.message}`);
    process.exit(1);
  }
  if (settings.PORT !== undefined) args.port = settings.PORT;
  const storeRemotes = settings.RELEASES_DIR ? Object.keys(REMOTES).filter((name) => !settings[`REMOTE_${name.toUpperCase()}_URL`]?.endsWith('.json')) : [];
  const problem = args.runtimeConfig && settings.NODE_ENV === 'production' ? (productionProblem(process.env) ?? productionKeyProblem(storeRemotes, process.env)) : null;
  if (problem) {
    console.error(`utsav-serve: refusing to start with NODE_ENV=production: ${problem}`);
    process.exit(1);
  }
  if (args.releases) {
    const store = path.resolve(args.releases);
    if (!fs.existsSync(store)) {
      console.error(`utsav-serve: ${store} does not exist. Release the remote first (npm run release).`);
      process.exit(1);
    }
    const server = createServer(storeFiles(store));
    server.listen(args.port, () => console.log(`serving the releases in ${store} on http://localhost:${server.address().port}`));
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    return;
  }
  // a built app is a page (the host, a remote in development) or a production remote's manifest
  if (!['index.html', 'mf-manifest.json'].some((name) => fs.existsSync(path.join(root, name)))) {
    console.error(`utsav-serve: ${root} has neither index.html nor mf-manifest.json. Build the app first.`);
    process.exit(1);
  }
  const files = loadFiles(root, args.runtimeConfig ? runtimeConfigFiles() : {});
  if (args.render && !args.runtimeConfig) {
    console.error('utsav-serve: --render draws the host\'s pages: it needs --runtime-config');
    process.exit(1);
  }
  const routes = args.runtimeConfig
    ? {
        session: sessionRoutes({ apiUrl: apiUrlFrom() }),
        remotes: liveFile('/remotes.json', () => remotesJson()),
        integrity: liveFile('/remote-integrity.json', () => remoteIntegrity(liveReleases())),
        media: mediaProxy({ apiUrl: apiUrlFrom() }),
      }
    : {};
  // the policy allows the inline scripts the built pages carry (every page is drawn from the same template)
  const inlineScripts = [...files].filter(([name]) => name.endsWith('.html')).flatMap(([, file]) => inlineScriptsOf(file.body.toString('utf8')));
  const page = args.runtimeConfig ? pageHeaders(process.env, inlineScripts) : {};
  const metrics = args.render && settings.METRICS_TOKEN ? createHostMetrics() : null;
  if (metrics) routes.metrics = metricsRoute(metrics.registry, settings.METRICS_TOKEN);
  if (args.render) {
    const renderer = await loadRenderer(path.resolve(args.render), {
      html: files.get('/index.html').body.toString('utf8'),
      remotes: () => remotesJson(),
      releases: () => liveReleases(),
      integrity: () => remoteIntegrity(liveReleases()),
      config: configJson(),
      apiUrl: apiUrlFrom(),
      timeoutMs: settings.SSR_RENDER_TIMEOUT_MS,
      remoteCheckMs: settings.REMOTE_CHECK_MS,
      // what the host's build says a page fetches after its start (perf/host-chunks.cjs)
      ...preloadsIn(files),
      observe: metrics?.observe,
    });
    routes.render = renderRoutes(renderer, (req) => ({ ...COMMON_HEADERS, ...transportHeaders(req), ...page }));
    const serverManifest = path.join(path.dirname(path.resolve(args.render)), 'mf-manifest.json');
    if (fs.existsSync(serverManifest)) files.set('/server/mf-manifest.json', prepare('/server/mf-manifest.json', fs.readFileSync(serverManifest)));
  }
  const server = createServer(files, page, routes);
  server.listen(args.port, () => console.log(`serving ${root} on http://localhost:${server.address().port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) {
  main().catch((error) => {
    console.error('utsav-serve: could not start:', error);
    process.exit(1);
  });
}

module.exports = { createServer, loadFiles, prepare, storeFiles };
