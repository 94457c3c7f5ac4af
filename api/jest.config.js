const { jestConfig } = require('@utsav/tooling');

const preset = jestConfig({ dir: __dirname, env: 'node' });

// Plain Node 20 runs these, but jest's module runtime cannot: firebase-admin requires jose 6 (ESM only;
// Node 20.19+ has require(esm), jest does not) and PGlite's CommonJS build loads built-ins with import().
// The Cloud Storage client's teeny-request loads node-fetch 3 (ESM only, with its ESM dependencies) with import().
// swc rewrites them all to require().
const esmInNodeModules = ['jose', '@electric-sql\\+pglite', 'teeny-request', 'node-fetch', 'fetch-blob', 'data-uri-to-buffer', 'formdata-polyfill'];
const swcToCommonJs = [
  require.resolve('@swc/jest', { paths: [require.resolve('@utsav/tooling')] }),
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    '/node_modules/\\.pnpm/@electric-sql\\+pglite@[^/]+/.+\\.cjs$': swcToCommonJs,
  },
  transformIgnorePatterns: [`/node_modules/\\.pnpm/(?!(${esmInNodeModules.join('|')})@)`],
  // the Firebase Auth emulator: reused if it already runs, else started for the run and stopped after
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // in each test process, before any test file: FIREBASE_AUTH_EMULATOR_HOST (the API never infers it)
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  // PGlite needs a few seconds to start in each test file's beforeAll, running every migration; beside the browser
  // suite and the PostgreSQL pass on two cores, a file starting two servers (session-cookie, bookings-concurrency)
  // took over 30 s there (session 22's CI, 30 migrations): a limit for a hang, not a speed check
  testTimeout: 90_000,
  // Each test file leaves ~20 MB in the jest process that runs the files one after another (PGlite's WebAssembly
  // module and the file's module registry); over the 80 files the heap reached 1.36 GB and garbage collection
  // made every later file slower (users.test.ts: 2.4 s first, 7.8 s last). A worker replaced once past this
  // (docs/testing.md): the PGlite suite alone took 506 s and 777 s of processor time before, 328 s and 441 s after.
  workerIdleMemoryLimit: '400MB',
};
