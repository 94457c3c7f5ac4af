const path = require('node:path');

/**
 * What every Utsav app shares at run time, each a singleton: ONE React, router, MUI theme,
 * emotion cache, jotai store, Firebase session and @utsav/contracts. Keys ending in '/' share
 * every subpath (MUI is imported by subpath so only what is used is bundled).
 * react-router is not shared itself: its slice in @utsav/contracts/router is; nor is Firebase:
 * the apps reach it only through @utsav/contracts, which holds the page's one Auth instance.
 */
const SINGLETONS = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['@mui/material/', '@mui/material'],
  ['@emotion/react', '@emotion/react'],
  ['@emotion/styled', '@emotion/styled'],
  ['jotai', 'jotai'],
  ['jotai/', 'jotai'],
  ['@utsav/contracts', '@utsav/contracts'],
  // the router, as the slice of react-router the apps use (see shared-contracts/src/ui/router.ts)
  ['@utsav/contracts/router', '@utsav/contracts'],
  // the contracts' modules that hold state outside the main entry (STATEFUL_CONTRACTS, below)
  ['@utsav/contracts/i18n-core', '@utsav/contracts'],
];

/**
 * The contracts' modules that hold state (a registry, an atom, a store's cache, a timer): a page must run one
 * copy of each. Each is reached only through a shared singleton: the main entry, `@utsav/contracts`, for what
 * only the main entry's modules import; a sub-path of its own, shared above, for what the sub-paths (a remote's
 * `@utsav/contracts/money`, `/schemas`) import too, which the contracts import by that name, never by a relative
 * path (eslint.config.mjs). A module a remote bundled beside its own pages would be a second copy, in English
 * while the page is in Hindi: every app's build fails on it (SharedStatePlugin, shared-state.cjs).
 * file (in shared-contracts/) -> the share key it is reached through
 */
const STATEFUL_CONTRACTS = {
  // Lingui's instances, the registered catalogues and where the language now is read from
  'src/domain/i18n-core.ts': '@utsav/contracts/i18n-core',
  // the page's store and its atoms: language, session, toasts, live status
  'src/i18n/store.ts': '@utsav/contracts',
  'src/i18n/locale-atom.ts': '@utsav/contracts',
  'src/client/session.ts': '@utsav/contracts',
  'src/client/toast.ts': '@utsav/contracts',
  'src/client/live-updates.ts': '@utsav/contracts',
  'src/client/language-choice.ts': '@utsav/contracts',
  // the API cache of each store, the runtime config, the Firebase load, the server render's scope
  'src/client/api-cache.ts': '@utsav/contracts',
  'src/client/config.ts': '@utsav/contracts',
  'src/client/firebase.ts': '@utsav/contracts',
  'src/client/server-scope.ts': '@utsav/contracts',
};

/**
 * Shared as singletons too, but only by the apps that depend on them (the host has no form): the form
 * library of every remote's forms and of the contracts' address form, so a page loads one copy.
 */
const SINGLETONS_IF_USED = [
  ['react-hook-form', 'react-hook-form'],
  ['@hookform/resolvers', '@hookform/resolvers'],
  // by name: a '/' prefix key makes webpack warn on the package's './' exports mapping
  ['@hookform/resolvers/zod', '@hookform/resolvers'],
];

/**
 * MUI's public components and hooks, read from the package's exports: the host provides every
 * one of them (each lazily, in a chunk of its own that loads only when a page asks for it), so a
 * remote may use any MUI component and still take it from the host's build, with the host's one
 * copy of MUI's styling core and contexts (theme, default props, form control, radio group…),
 * instead of bundling a second copy of them with its own component. No list to keep: a new MUI
 * version's components are provided by the next host build.
 * Provided: every export named like a component or hook (Button, useMediaQuery…), `styles` and
 * `utils`. Not provided (a remote that imports one bundles its own copy; none holds state):
 * `colors`, `locale` (hundreds of KB of translations), `internal`, `transitions`, `zero-styled`,
 * class-name helpers, and the Pigment* modules (they need the optional Pigment CSS engine).
 * Cost, measured in ./perf/README.md: the share table in the host's main.js.
 */
function muiModules(dir) {
  const manifest = require.resolve('@mui/material/package.json', { paths: [dir] });
  const { version, exports } = require(manifest);
  return Object.entries(exports)
    .filter(([subpath]) => /^\.\/([A-Z]|use|styles$|utils$)/.test(subpath) && !subpath.startsWith('./Pigment'))
    .map(([subpath, conditions]) => ({
      key: `@mui/material/${subpath.slice(2)}`,
      // the ES module build, as the apps' own `import … from '@mui/material/X'` resolves it
      file: path.join(path.dirname(manifest), conditions.import.default),
      version,
    }));
}

/** A compatible range for a pinned version: same major, this minor or newer. */
function caretRange(version) {
  if (!version || version.startsWith('workspace:')) return undefined;
  return version.startsWith('^') || version.startsWith('~') ? version : `^${version}`;
}

/**
 * @param {object} pkg              the app's package.json
 * @param {string} contractsVersion the @utsav/contracts version the build declares
 * @param {object} [host]           for the host's build: { dir }, the host's folder (it provides MUI)
 */
function sharedModules(pkg, contractsVersion, host) {
  const deps = pkg.dependencies ?? {};
  const shared = {};
  const used = SINGLETONS_IF_USED.filter(([, packageName]) => deps[packageName] !== undefined);
  for (const [key, packageName] of [...SINGLETONS, ...used]) {
    const declared = packageName === '@utsav/contracts' ? contractsVersion : deps[packageName];
    const exact = declared && !declared.startsWith('workspace:') ? declared.replace(/^[\^~]/, '') : undefined;
    shared[key] = { singleton: true, requiredVersion: caretRange(declared) ?? false, ...(exact ? { version: exact } : {}) };
  }
  if (host) {
    for (const { key, file, version } of muiModules(host.dir)) {
      shared[key] = { import: file, singleton: true, requiredVersion: caretRange(deps['@mui/material']) ?? false, version };
    }
  }
  return shared;
}

module.exports = { SINGLETONS, SINGLETONS_IF_USED, STATEFUL_CONTRACTS, muiModules, sharedModules };
