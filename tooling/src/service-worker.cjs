/**
 * The host's service worker (issue 20, "A bad connection"): host-shell/src/service-worker/sw.ts,
 * bundled by webpack on its own (a webworker build, no federation) into dist-sw/sw.js once the host's
 * browser build is on disk, then Workbox (workbox-build's injectManifest) writes dist/sw.js with the
 * list of the host build's files to precache. The static server sends /sw.js with `no-cache` like
 * every unhashed file (serve.cjs), so a new build's worker is found on the next page load.
 *
 * Not Workbox's webpack plugin: its InjectManifest compiles the worker in a child of the host's
 * compilation, which inherits Module Federation's hooks (the share table, the provided MUI chunks):
 * the host build then failed with 700 errors (measured with workbox-webpack-plugin 7.4.1).
 *
 * Precached: the host's JavaScript (the entry and every chunk of its browser build, the MUI components
 * it provides to the remotes too, so that any page's code can start offline: 164 files, 0.44 MB
 * brotli, about half of it already in the HTTP cache after a first load) and index.html, the static
 * app shell a navigation falls back on offline. Not precached: what the worker asks the network for
 * first (manifest.webmanifest; the host's own mf-manifest.json and remote-pages.json, which are the
 * release gate's), login.html (a page: network first like every page) and the icons (only the
 * browser's install prompt reads them).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** The host's entry: its name never changes (an entry cannot be content-hashed under federation). */
const ENTRY = 'main.js';
const PAGES = ['index.html', 'login.html'];
/** Where the worker's bundle waits for its precache list (beside dist/, never served). */
const SERVICE_WORKER_BUILD_DIR = 'dist-sw';
const SERVICE_WORKER_FILE = 'sw.js';

const versionOf = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex').slice(0, 10);

/**
 * The host's pages name the entry with its content's hash, `/main.js?v=<hash>`, and the worker
 * precaches it under that URL. Without it, the first page after a deploy (new HTML from the server)
 * would get the old build's entry from the old worker's precache: its chunk map and the new HTML's
 * boot chunk from two builds. With it, the old worker does not know the new URL and the network
 * answers. Runs once every file has its final content (after webpack's real content hashes).
 */
class VersionedEntryPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('VersionedEntryPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'VersionedEntryPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const entry = compilation.getAsset(ENTRY);
        if (!entry) return;
        const version = versionOf(entry.source.buffer());
        for (const page of PAGES) {
          const asset = compilation.getAsset(page);
          if (!asset) continue;
          const html = asset.source.source().toString();
          compilation.updateAsset(page, new sources.RawSource(html.replaceAll(`src="/${ENTRY}"`, `src="/${ENTRY}?v=${version}"`)));
        }
      });
    });
  }
}

/**
 * The files of the host's browser build, handed from that build to the worker's (which runs after it,
 * in the same webpack process): its chunks' code and styles and index.html. Not everything in dist/:
 * html-webpack-plugin compiles the page template in a child compilation that inherits Module
 * Federation's hooks, and that compilation leaves Node-format copies of the shared chunks there
 * (140 files, 13 MB, `exports.ids=…`), which no page ever loads; globbing dist/ precached all of it
 * (measured: 305 files, 4.4 MB brotli, against 164 files, 0.44 MB).
 */
class HostBuildFiles {
  constructor() {
    this.files = null;
  }

  /** The plugin of the host's browser build that records them once it has emitted. */
  recorder() {
    return {
      apply: (compiler) => {
        compiler.hooks.afterEmit.tap('HostBuildFiles', (compilation) => {
          const files = new Set(PAGES.filter((page) => page !== 'login.html' && compilation.getAsset(page)));
          for (const chunk of compilation.chunks) {
            for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
          }
          this.files = [...files].sort();
        });
      },
    };
  }
}

/** Workbox's precache list of `dist` (`files`, as HostBuildFiles recorded them): the entry under its versioned URL. */
function precacheOptions(dist, files) {
  return {
    globDirectory: dist,
    // the recorded names, each its own pattern (content-hashed names hold no glob characters)
    globPatterns: files,
    globIgnores: [SERVICE_WORKER_FILE],
    // content-hashed names are their own revision
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\.[a-z0-9]+$/,
    // the host's chunks are 200 KB at most; a file over this is a mistake to be told of, not cached
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    manifestTransforms: [
      async (entries) => {
        const version = versionOf(fs.readFileSync(path.join(dist, ENTRY)));
        const manifest = entries.map((entry) => (entry.url === ENTRY ? { url: `/${ENTRY}?v=${version}`, revision: null, size: entry.size } : { ...entry, url: `/${entry.url}` }));
        return { manifest, warnings: [] };
      },
    ],
  };
}

/**
 * Writes dist/sw.js from the worker's bundle once its compiler has emitted it: the precache list of
 * the host's dist/ (on disk by then: the worker's build runs after the browser's) put in place of
 * `self.__WB_MANIFEST`.
 */
class PrecacheManifestPlugin {
  /** @param {{ dist: string, hostFiles: HostBuildFiles }} options */
  constructor({ dist, hostFiles }) {
    this.dist = dist;
    this.hostFiles = hostFiles;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecacheManifestPlugin', async (compilation) => {
      if (!this.hostFiles.files) throw new Error("the service worker's build ran before the host's browser build: nothing to precache");
      const { injectManifest } = require('workbox-build');
      const { count, size, warnings } = await injectManifest({
        swSrc: path.join(compilation.outputOptions.path, SERVICE_WORKER_FILE),
        swDest: path.join(this.dist, SERVICE_WORKER_FILE),
        ...precacheOptions(this.dist, this.hostFiles.files),
      });
      for (const warning of warnings) compilation.warnings.push(new compiler.webpack.WebpackError(`service worker: ${warning}`));
      compiler.getInfrastructureLogger('PrecacheManifestPlugin').info(`sw.js precaches ${count} files, ${Math.round(size / 1024)} KB`);
    });
  }
}

module.exports = { ENTRY, HostBuildFiles, PrecacheManifestPlugin, SERVICE_WORKER_BUILD_DIR, SERVICE_WORKER_FILE, VersionedEntryPlugin, precacheOptions, versionOf };
