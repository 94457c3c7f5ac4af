/**
 * How the host's production build splits its start-up code (figures and when to drop each:
 * README.md beside this file).
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

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
 * Names the boot chunk in the host's HTML, a deferred script before main.js: the browser fetches it
 * alongside main.js instead of after main.js has run, and main.js's runtime finds it already
 * installed (a chunk's script only registers its modules; none runs until the federation asks).
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
        data.headTags.unshift(...tags);
        return data;
      });
    });
  }
}

module.exports = { BOOT_PACKAGES, LAYOUT_PACKAGES, BootChunkInHtmlPlugin, hostChunks };
