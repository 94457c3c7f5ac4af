/**
 * How the host's production build splits its start-up code (figures and when to drop each:
 * README.md beside this file).
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { PRELOADS_FILE } = require('./preloads.cjs');

/**
 * The host's boot needs React, the MUI core, emotion, the router and jotai before it can draw
 * anything (not Firebase: the contracts load it once the page is interactive, in a chunk of its
 * own). Each is a shared module in a chunk of its own, and the federation runtime asked for each
 * from script (~25 requests, each started by script only after main.js ran). One chunk
 * for the lot: a single request, and the boot's task no longer spends its time starting requests.
 */
const BOOT_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|@emotion[\\/][^\\/]+|stylis|@mui[\\/](system|utils|styled-engine|private-theming|material[\\/](styles|utils|internal|DefaultPropsProvider|CssBaseline|Box|Typography|Button|ButtonBase|CircularProgress|Stack|Paper|Alert|SvgIcon|zero-styled|useLazyRipple|GlobalStyles|Fade|transitions|colors))|react-is|clsx|prop-types|jotai|react-router|react-transition-group|@babel[\\/]runtime)[\\/]/;
/**
 * The signed-in frame's MUI parts (top bar, avatar, badge, bottom tabs) and its icons: one chunk
 * every signed-in page loads with its layout, instead of one per component. /login needs none.
 */
const LAYOUT_PACKAGES = /[\\/]node_modules[\\/]@mui[\\/](material[\\/](AppBar|Toolbar|Avatar|Badge|BottomNavigation|BottomNavigationAction)|icons-material)[\\/]/;

/**
 * The modules the host's own code reaches from its entry (through lazy imports and shared-module
 * fallbacks), as opposed to those only its share table provides for the remotes (every MUI
 * component: shared-modules.cjs). Only the first may go into the boot and layout chunks; the others
 * keep a chunk of their own, fetched only when a page asks for them.
 */
const reachedByCompilation = new WeakMap();
function reachedFromEntries(compilation) {
  let reached = reachedByCompilation.get(compilation);
  if (reached) return reached;
  reached = new Set();
  const { moduleGraph } = compilation;
  const entryModules = [...compilation.entries.values()].flatMap((entry) =>
    [...entry.dependencies, ...entry.includeDependencies].map((dependency) => moduleGraph.getModule(dependency)),
  );
  const pending = entryModules.filter(Boolean);
  for (const module of pending) reached.add(module);
  while (pending.length) {
    // active connections only: what tree shaking keeps (a barrel's unused re-exports lead nowhere)
    for (const connection of moduleGraph.getOutgoingConnections(pending.pop())) {
      const target = connection.module;
      if (!target || reached.has(target) || !connection.isTargetActive(undefined)) continue;
      reached.add(target);
      pending.push(target);
    }
  }
  reachedByCompilation.set(compilation, reached);
  return reached;
}

/**
 * The host's production chunks: `splitChunks` with the boot and layout groups, and the plugin that
 * lets them see the compilation (to tell the host's own modules from the provided-only ones).
 */
function hostChunks() {
  let compilation;
  const usedByTheHost = (pattern) => (module) => {
    const resource = module.nameForCondition?.();
    return Boolean(resource && pattern.test(resource) && reachedFromEntries(compilation).has(module));
  };
  return {
    plugin: { apply: (compiler) => compiler.hooks.thisCompilation.tap('HostChunks', (current) => (compilation = current)) },
    splitChunks: {
      cacheGroups: {
        boot: { test: usedByTheHost(BOOT_PACKAGES), chunks: 'async', name: 'boot', enforce: true, priority: 20 },
        layout: { test: usedByTheHost(LAYOUT_PACKAGES), chunks: 'async', name: 'layout', enforce: true, priority: 10 },
      },
    },
  };
}

/**
 * The chunks the host's start asks for before it can draw (issue 33's waterfall), found in the chunk
 * graph: from the entry through its async boundary (`import('./bootstrap')`), through every import
 * marked `webpackPreload` (the app's render code), and, for each shared module those use, through the
 * host's share-table entry for it (the federation runtime hands out the provided copy, not the consumer's
 * fallback): `@utsav/contracts`, the router, the i18n registry and the MUI parts the shell uses. Each was a request
 * started by script once the one before had run: four round trips before the page took taps.
 */
function bootPathFiles(compilation) {
  const walk = chunkWalk(compilation);
  for (const entry of compilation.entrypoints.values()) {
    for (const chunk of entry.chunks) for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) walk.visit(module, true);
  }
  return [...walk.files];
}

/**
 * The chunks the host hands out for each module of its share table (the module's own and those of the
 * shared modules it uses in turn): what a remote's page fetches from the host for it.
 */
function providedFiles(compilation) {
  const files = {};
  for (const [key, block] of providedBlocks(compilation)) {
    const walk = chunkWalk(compilation);
    walk.follow(block);
    files[key] = [...walk.files];
  }
  return files;
}

/** share key -> the async block of the host's share-table entry for it */
function providedBlocks(compilation) {
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module' && module.blocks?.length) provided.set(module._name, module.blocks[0]);
  }
  return provided;
}

/** Collects the files of the chunk groups it is led to (see bootPathFiles for which blocks lead on). */
function chunkWalk(compilation) {
  const { chunkGraph } = compilation;
  const provided = providedBlocks(compilation);
  const groups = new Set();
  const files = new Set();
  const follow = (block) => {
    const group = block && chunkGraph.getBlockChunkGroup(block);
    if (!group || groups.has(group)) return;
    groups.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) visit(module);
    }
  };
  const visit = (module, entry = false) => {
    if (module.type === 'consume-shared-module') follow(provided.get(module.options?.shareKey));
    // the share table's entries (in the entry chunk) are fetched only when something uses them
    if (module.type === 'provide-module') return;
    for (const block of module.blocks || []) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (entry || group?.options?.preloadOrder !== undefined) follow(block);
    }
  };
  return { files, follow, visit };
}

/**
 * Names the boot chunk in the host's HTML, a deferred script before main.js: the browser fetches it
 * alongside main.js instead of after main.js has run, and main.js's runtime finds it already
 * installed (a chunk's script only registers its modules; none runs until the federation asks).
 * The rest of the boot path (bootPathFiles) is preloaded: fetched at once, run when the runtime asks.
 */
class BootChunkInHtmlPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('BootChunkInHtmlPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootChunkInHtmlPlugin', (data) => {
        const boot = compilation.namedChunks.get('boot');
        const scripts = boot ? [...boot.files].filter((file) => file.endsWith('.js')) : [];
        const tags = scripts.map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: `${data.publicPath}${file}` }),
        );
        const preloads = bootPathFiles(compilation)
          .filter((file) => !scripts.includes(file) && !data.headTags.some((tag) => tag.attributes.src === `${data.publicPath}${file}`))
          .map((file) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` }));
        data.headTags.unshift(...tags);
        data.headTags.push(...preloads);
        return data;
      });
    });
    // the signed-in frame's scripts, for the render server to name in a signed-in page's head (the
    // main compilation only: html-webpack-plugin's child compilations would emit it again)
    compiler.hooks.thisCompilation.tap('BootChunkInHtmlPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BootChunkInHtmlPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const layout = compilation.namedChunks.get('layout');
        const scripts = layout ? [...layout.files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`) : [];
        // what index.html names already is not named again
        const inHtml = new Set(bootPathFiles(compilation));
        const boot = compilation.namedChunks.get('boot');
        for (const file of boot ? boot.files : []) inHtml.add(file);
        const provided = Object.fromEntries(
          Object.entries(providedFiles(compilation)).map(([key, files]) => [key, files.filter((file) => !inHtml.has(file)).map((file) => `/${file}`)]),
        );
        compilation.emitAsset(PRELOADS_FILE, new compiler.webpack.sources.RawSource(JSON.stringify({ layout: scripts, provided })));
      });
    });
  }
}

module.exports = { BOOT_PACKAGES, LAYOUT_PACKAGES, BootChunkInHtmlPlugin, bootPathFiles, hostChunks };
