/** The jest setup every package uses: swc for TypeScript, jsdom (browser apps) or node (api). */
const fs = require('node:fs');
const path = require('node:path');
const swcOptions = require('./swc-options.cjs');

function jestConfig({ dir, env = 'jsdom', ...overrides }) {
  const setup = path.join(dir, 'test/setup.ts');
  return {
    rootDir: dir,
    testEnvironment: env === 'jsdom' ? require.resolve('./jest-environment.cjs') : 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), swcOptions({ module: 'commonjs' })],
      // message catalogues, compiled as the build compiles them
      '[\\\\/]locales[\\\\/][a-z]{2}-[A-Z]{2}\\.json$': require.resolve('./i18n-jest-transform.cjs'),
    },
    // jotai 3 ships ESM only; everything else in node_modules is CommonJS-ready.
    transformIgnorePatterns: ['/node_modules/\\.pnpm/(?!jotai@)'],
    testMatch: ['<rootDir>/{src,test}/**/*.test.{ts,tsx}'],
    moduleNameMapper: { '\\.(png|jpe?g|webp|svg)$': require.resolve('./file-stub.cjs') },
    setupFilesAfterEnv: [...(env === 'jsdom' ? [require.resolve('./jest-fresh-page.cjs')] : []), ...(fs.existsSync(setup) ? [setup] : [])],
    ...(env === 'jsdom' ? { globals: { UTSAV_CONTRACTS: require.resolve('@utsav/contracts', { paths: [dir] }) } } : {}),
    ...overrides,
  };
}

module.exports = { jestConfig };
