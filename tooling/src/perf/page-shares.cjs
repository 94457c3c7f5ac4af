/**
 * The shared modules each exposed page uses, for the host's render server to name their chunks in the
 * page's head (issue 33). A remote's page takes most of them from the host's share table (the host
 * loaded first and provides them); the federation runtime asks for each only once the page's chunks have
 * run, one round trip after they arrived: 1.2 s of a page's dead time on Lighthouse's mobile profile
 * (README.md beside this file).
 */
const PAGE_SHARES_FILE = 'page-shares.json';

/** `{ './Home': ['@mui/material/Card', …] }`: the share keys each exposed module's chunks consume. */
function sharesByExpose(compilation) {
  const { chunkGraph } = compilation;
  const pages = {};
  for (const module of compilation.modules) {
    for (const block of module.blocks || []) {
      const exposed = block.dependencies.find((dependency) => typeof dependency.exposedName === 'string');
      const group = exposed && chunkGraph.getBlockChunkGroup(block);
      if (!group) continue;
      const keys = new Set();
      for (const chunk of group.chunks) {
        for (const used of chunkGraph.getChunkModulesIterable(chunk)) {
          if (used.type === 'consume-shared-module' && used.options?.shareKey) keys.add(used.options.shareKey);
        }
      }
      pages[exposed.exposedName] = [...keys].sort();
    }
  }
  return pages;
}

/**
 * What a remote takes from the host alone (shared with `import: false`: it bundles no copy, ../webpack-config.cjs),
 * `[{ name, requiredVersion }]`. Federation's manifest lists only what a build can provide, so these are written
 * beside it for the release gate (release/gate.cjs), which refuses a version the live host cannot serve.
 */
const HOST_SHARES_FILE = 'host-shares.json';

function sharesTakenFromHost(compilation) {
  const taken = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'consume-shared-module' || module.options?.import) continue;
    const { shareKey, requiredVersion } = module.options;
    taken.set(shareKey, { name: shareKey, requiredVersion: requiredVersion || false });
  }
  return [...taken.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Emits page-shares.json and host-shares.json beside a remote's mf-manifest.json. */
class PageSharesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PageSharesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageSharesPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const { RawSource } = compiler.webpack.sources;
        compilation.emitAsset(PAGE_SHARES_FILE, new RawSource(JSON.stringify(sharesByExpose(compilation))));
        compilation.emitAsset(HOST_SHARES_FILE, new RawSource(JSON.stringify(sharesTakenFromHost(compilation))));
      });
    });
  }
}

module.exports = { HOST_SHARES_FILE, PAGE_SHARES_FILE, PageSharesPlugin, sharesByExpose, sharesTakenFromHost };
