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
  // the router, as the slice of react-router the apps use (see shared-contracts/src/router.ts)
  ['@utsav/contracts/router', '@utsav/contracts'],
];

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

/** A compatible range for a pinned version: same major, this minor or newer. */
function caretRange(version) {
  if (!version || version.startsWith('workspace:')) return undefined;
  return version.startsWith('^') || version.startsWith('~') ? version : `^${version}`;
}

function sharedModules(pkg, contractsVersion) {
  const deps = { ...pkg.dependencies };
  const shared = {};
  const used = SINGLETONS_IF_USED.filter(([, packageName]) => deps[packageName] !== undefined);
  for (const [key, packageName] of [...SINGLETONS, ...used]) {
    const declared = packageName === '@utsav/contracts' ? contractsVersion : deps[packageName];
    const exact = declared && !declared.startsWith('workspace:') ? declared.replace(/^[\^~]/, '') : undefined;
    shared[key] = { singleton: true, requiredVersion: caretRange(declared) ?? false, ...(exact ? { version: exact } : {}) };
  }
  return shared;
}

module.exports = { SINGLETONS, SINGLETONS_IF_USED, sharedModules };
