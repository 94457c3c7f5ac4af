/**
 * react-router 7's default export condition is its development build (ENABLE_DEV_WARNINGS on, its
 * dev warnings checked in hooks); production builds take its production build, which differs only
 * in that switch. An alias into the package's own `dist/production` folder: if a react-router
 * release moves it, the build stops here with the path, rather than silently shipping dev code.
 */
const fs = require('node:fs');
const path = require('node:path');

function reactRouterProductionAliases(fromDir) {
  const reactRouterDev = require.resolve('react-router', {
    paths: [path.dirname(require.resolve('react-router-dom', { paths: [fromDir] }))],
  });
  return Object.fromEntries(
    [
      ['react-router$', 'index.mjs'],
      ['react-router/dom$', 'dom-export.mjs'],
    ].map(([request, file]) => {
      const production = path.join(path.dirname(reactRouterDev), '..', 'production', file);
      if (!fs.existsSync(production)) throw new Error(`react-router's production build is not at ${production}`);
      return [request, production];
    }),
  );
}

module.exports = { reactRouterProductionAliases };
