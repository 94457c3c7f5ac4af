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

/** Emits page-shares.json beside a remote's mf-manifest.json. */
class PageSharesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PageSharesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageSharesPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        compilation.emitAsset(PAGE_SHARES_FILE, new compiler.webpack.sources.RawSource(JSON.stringify(sharesByExpose(compilation))));
      });
    });
  }
}

module.exports = { PAGE_SHARES_FILE, PageSharesPlugin, sharesByExpose };
