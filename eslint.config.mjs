// @ts-check
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';

/** The front end: the host, the remotes and the contracts (React). */
const FRONT_END = ['host-shell', 'mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'mfe-provider', 'shared-contracts'];
const FRONT_END_CODE = FRONT_END.map((dir) => `${dir}/{src,test}/**/*.{ts,tsx}`);
const FRONT_END_TESTS = FRONT_END.map((dir) => `${dir}/test/**/*.{ts,tsx}`);

const REMOTES = ['catalog', 'booking', 'checkout', 'account', 'provider'];
const APPS = { 'host-shell': 'host', 'mfe-catalog': 'catalog', 'mfe-booking': 'booking', 'mfe-checkout': 'checkout', 'mfe-account': 'account', 'mfe-provider': 'provider' };

/** Apps route through the shared `@utsav/contracts/router`: a direct import bundles a second router. */
const ROUTER_ONLY_FROM_CONTRACTS = ['react-router-dom', 'react-router'].map((name) => ({
  name,
  message: 'Import routing from @utsav/contracts/router: it is the one router shared at run time.',
}));

/** Firebase is reached through @utsav/contracts (one Auth instance; unshared, so tree-shaken); types are fine. */
const FIREBASE_ONLY_FROM_CONTRACTS = ['firebase/app', 'firebase/auth'].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'Use Firebase through @utsav/contracts (getFirebaseAuth, RecaptchaVerifier, …): it holds the page’s one Auth instance.',
}));

/**
 * The house rule: a deployable never imports another one. Apps talk only through
 * @utsav/contracts and the URL; workspace packages are imported by name, never by relative path.
 * `extra`: the files to apply it to instead and patterns of theirs (a feature's, below); one config object
 * holds all of a file's no-restricted-imports options (a later object replaces them, it does not add to them).
 */
function boundariesFor(dir, self, paths = [], extra = {}) {
  const others = Object.entries(APPS).filter(([, name]) => name !== self);
  return {
    files: extra.files ?? (paths.length ? [`${dir}/src/**/*.{ts,tsx}`] : [`${dir}/**/*.{ts,tsx,js,mjs,cjs}`]),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths,
          patterns: [
            ...others.map(([otherDir, name]) => ({
              group: [`@utsav/${name}`, `@utsav/${name}/*`, `**/${otherDir}`, `**/${otherDir}/**`],
              message: `${dir} must not import ${otherDir}: deployables share only @utsav/contracts.`,
            })),
            {
              group: ['**/shared-contracts/**', '**/shared-contracts'],
              message: 'Import @utsav/contracts by package name: a relative path makes a second instance at run time.',
            },
            ...(extra.patterns ?? []),
          ],
        },
      ],
      ...(paths.length ? { '@typescript-eslint/no-restricted-imports': ['error', { paths: FIREBASE_ONLY_FROM_CONTRACTS }] } : {}),
    },
  };
}

/** An app's features: the folders of src/features/ (none in the host, which has no features/). */
const featuresOf = (dir) => {
  const folder = new URL(`./${dir}/src/features/`, import.meta.url);
  return fs.existsSync(folder) ? fs.readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
};

/**
 * Inside an app, a feature (src/features/<name>/) imports another feature only through that feature's public
 * file, features/<name>/index.ts (`../onboarding`), never a file inside it (`../onboarding/form-values`): what a
 * feature offers the others is what its index exports. The pages (src/pages/, one per exposed route) compose the
 * features and may take any piece of them. One config per feature (its own files may import each other freely).
 */
function featureBoundariesFor(dir, self) {
  const features = featuresOf(dir);
  return features.map((feature) => {
    const others = features.filter((other) => other !== feature);
    return boundariesFor(dir, self, ROUTER_ONLY_FROM_CONTRACTS, {
      files: [`${dir}/src/features/${feature}/**/*.{ts,tsx}`],
      patterns: others.length
        ? [
            {
              // ../<other>/<file>, ../../features/<other>/<file>; not ../<other> nor ../<other>/index
              regex: `^(\\.\\./)+(features/)?(${others.join('|')})/(?!index(\\.tsx?)?$).+`,
              message: `Another feature is imported only through its public file (features/<name>/index.ts): import '../<name>', and export what ${dir}/src/features/${feature} needs from that index.`,
            },
          ]
        : [],
    });
  });
}

/**
 * @utsav/contracts in layers (issue 35), each a folder of shared-contracts/src/ that may import only the layers
 * listed here (and itself):
 * - domain: the rules and data: types and zod schemas, money, the booking states, slot and cancellation rules, the
 *   route table, formatters, and the words they say (the languages, the React-free message registry, the
 *   contracts' catalogue and validation messages; the catalogue files stay in src/locales/, as in every app).
 *   No React, no browser, no fetch, no jotai: the API runs it too.
 * - i18n: the page's language: its jotai atom in the page's store, the hooks (useT, useLocale), changing it.
 * - client: talking to the API and holding the browser's state: the API client and its per-area modules, the
 *   session and Firebase, the live stream, the toast queue, the API cache and useApi, saved answers, the cart count.
 * - ui: the React pieces: the page frame, forms, the router slice, the theme, the standalone frame, test helpers.
 */
const CONTRACTS_LAYERS = { domain: [], i18n: ['domain'], client: ['domain', 'i18n'], ui: ['domain', 'i18n', 'client'] };
/** What the domain layer never imports (the page's libraries). */
const DOMAIN_FREE_OF = ['react', 'react/*', 'react-dom', 'react-dom/*', 'jotai', 'jotai/*', '@mui/*', '@emotion/*', 'firebase', 'firebase/*', 'react-hook-form', '@hookform/*'];
const CONTRACTS_EXPORTS = JSON.parse(fs.readFileSync(new URL('./shared-contracts/package.json', import.meta.url), 'utf8')).exports;
/** Each public subpath's layer, read from the contracts' exports ('money' -> 'domain': ./src/domain/money.ts). */
const CONTRACTS_SUBPATHS = Object.entries(CONTRACTS_EXPORTS)
  .filter(([subpath]) => subpath !== '.')
  .map(([subpath, file]) => ({ name: `@utsav/contracts/${subpath.slice(2)}`, layer: file.split('/')[2] }));

/** What a contracts layer must not import: the layers above it, by relative path or by package subpath. */
function contractsLayerPatterns(layer) {
  const above = Object.keys(CONTRACTS_LAYERS).filter((other) => other !== layer && !CONTRACTS_LAYERS[layer].includes(other));
  if (above.length === 0) return [];
  const message = `shared-contracts/src/${layer} may import only ${[layer, ...CONTRACTS_LAYERS[layer]].join(', ')} (the contracts' layers: eslint.config.mjs, CONTRACTS_LAYERS).`;
  return [
    ...(layer === 'domain' ? [{ group: DOMAIN_FREE_OF, message: 'The domain layer is plain rules and data, which the API runs too: no React, no page state, no Firebase.' }] : []),
    { regex: `^(\\.\\./)+(${above.join('|')})(/|$)`, message },
    // the main entry holds every layer. By name, client modules may take it: they are subpath entries themselves
    // (`@utsav/contracts/booking`) and take the page's one store, config and API client from it at run time
    { regex: '^\\.\\.(/\\.\\.)*(/(index(\\.ts)?)?)?$', message },
    ...(layer === 'client' ? [] : [{ regex: '^@utsav/contracts$', message }]),
    { group: CONTRACTS_SUBPATHS.filter((subpath) => above.includes(subpath.layer)).map((subpath) => subpath.name), message },
  ];
}

/**
 * The contracts' modules that hold state and are shared as a singleton under a sub-path of their own (i18n-core:
 * STATEFUL_CONTRACTS in tooling/src/shared-modules.cjs): the contracts import them by that name only.
 * A relative import is the same file in jest and TypeScript, but webpack then bundles a second copy into whichever
 * remote chunk imports it (a page in English while the page is in Hindi); by name, the federation hands out the page's one copy.
 */
const { STATEFUL_CONTRACTS } = createRequire(import.meta.url)('./tooling/src/shared-modules.cjs');
const SHARED_STATE_PATTERNS = Object.entries(STATEFUL_CONTRACTS)
  .filter(([, key]) => key !== '@utsav/contracts')
  .map(([file, key]) => ({
    regex: `^\\.\\.?/(.*/)?${path.basename(file, path.extname(file))}(\\.tsx?)?$`,
    message: `Import ${key} by that name, not by a relative path: it holds state, and the apps share one copy of it per page (tooling/src/shared-modules.cjs, STATEFUL_CONTRACTS).`,
  }));

/** The API takes from the contracts their domain layer only: the subpaths whose file is in src/domain/. */
const API_CONTRACTS = {
  files: ['api/**/*.{ts,js,mjs,cjs}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // (a regex: a gitignore-style group cannot let a subpath through once it names the package)
            regex: `^@utsav/contracts(?!/(${CONTRACTS_SUBPATHS.filter((subpath) => subpath.layer === 'domain').map((subpath) => subpath.name.slice('@utsav/contracts/'.length)).join('|')})$)(/.*)?$`,
            message: "The API imports only the contracts' domain layer (a subpath of @utsav/contracts whose file is in shared-contracts/src/domain/): no React, no browser state, no API client.",
          },
          {
            group: ['**/shared-contracts/**', '**/shared-contracts'],
            message: 'Import @utsav/contracts by package name and subpath.',
          },
        ],
      },
    ],
  },
};

/** The apps whose pages take every word from their catalogue (the rule below); the rest follow as they move. */
const TRANSLATED_APPS = ['host-shell', 'mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'mfe-provider', 'shared-contracts'];
/** The attributes a person reads or hears. */
const READ_ATTRIBUTES = '/^(aria-label|aria-description|label|placeholder|title|alt|helperText|message|description)$/';
const UNTRANSLATED = "Words on a page come from the app's message catalogue (src/locales/en-IN.json and hi-IN.json, through useT), not from the code.";

/** The contracts' modules that import react-router or zod themselves: the router slice, the test harness, zod's setup. */
const CONTRACTS_OWN_IMPORTS = ['shared-contracts/src/ui/router.ts', 'shared-contracts/src/ui/testing.tsx', 'shared-contracts/src/domain/schemas/zod.ts'];
const CONTRACTS_PATHS = [...ROUTER_ONLY_FROM_CONTRACTS, { name: 'zod', message: "Use `import * as z from './schemas/zod'` (domain/schemas/zod.ts): it is set up to parse without eval in browsers (the page's CSP)." }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/dist-local/**', '**/dist-sw/**', '**/node_modules/**', '**/coverage/**', '.data/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js', '**/jest.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'tooling/**/*.cjs', 'e2e/**/*.ts', 'api/**/*.ts', 'api/**/*.mjs', 'stand-ins/**/*.ts', 'stand-ins/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', URL: 'readonly', AbortSignal: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
  },
  {
    // Hooks: the classic two as errors, plus the React-Compiler-derived rules of the recommended set.
    files: FRONT_END_CODE,
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Hindi and English (issue 20): a page's words come from its app's catalogue (src/locales/, through
    // useT), never written into the markup. Words in JSX text, in the attributes people read or hear, or as
    // a literal child expression ({'…'}, {ok ? '…' : '…'}) are errors; a t('id') call's id is not a word.
    // Apps are listed as their strings move to catalogues.
    files: TRANSLATED_APPS.map((dir) => `${dir}/src/**/*.tsx`),
    // tests, and the contracts' test helper (pages rendered in other packages' tests; no person sees it)
    ignores: ['**/*.test.tsx', 'shared-contracts/src/ui/testing.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/[A-Za-z\\u0900-\\u097F]/]', message: UNTRANSLATED },
        { selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > Literal[value=/[A-Za-z]/]`, message: UNTRANSLATED },
        ...['JSXElement > JSXExpressionContainer', `JSXAttribute[name.name=${READ_ATTRIBUTES}] > JSXExpressionContainer`].flatMap((holder) => [
          { selector: `${holder} > Literal[value=/[A-Za-z]/]`, message: UNTRANSLATED },
          { selector: `${holder} > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]`, message: UNTRANSLATED },
          { selector: `${holder} > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[A-Za-z]/]`, message: UNTRANSLATED },
        ]),
      ],
    },
  },
  // jsx-a11y 6.10.2 names eslint ≤ 9 as its peer but calls none of the context methods eslint 10 removed: no compat wrapper needed
  { files: FRONT_END_CODE, ...jsxA11y.flatConfigs.recommended },
  {
    files: FRONT_END_TESTS,
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      // the house's render helpers (renderLoaded, renderAt, createRouteRenderer…) return the userEvent
      // session or a render function, not a RenderResult: the rule only knows the name `render*`
      'testing-library/render-result-naming-convention': 'off',
    },
  },
  {
    // One file-naming convention: a component's file is PascalCase, named after it (.tsx only);
    // everything else is kebab-case, hooks and tests included. Middle extensions (.test, .spec, .d) are not checked.
    files: ['*/src/**/*.{ts,tsx,js,mjs,cjs}', '*/test/**/*.{ts,tsx,js,mjs,cjs}', 'e2e/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          '**/*.{ts,js,mjs,cjs}': 'KEBAB_CASE',
          // a component (PascalCase) or a module (kebab-case)
          '*/src/**/*.tsx': '@(+([a-z])*([a-z0-9])*(-+([a-z0-9]))|+([A-Z])*([a-zA-Z0-9]))',
          '*/test/**/*.tsx': 'KEBAB_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  ...Object.entries(APPS).flatMap(([dir, name]) => [boundariesFor(dir, name), boundariesFor(dir, name, ROUTER_ONLY_FROM_CONTRACTS), ...featureBoundariesFor(dir, name)]),
  contractsRule(['shared-contracts/**/*.{ts,tsx}']),
  // react-router only in the router module and the test-only harness (MemoryRouter); zod only through schemas/zod
  contractsRule(['shared-contracts/src/**/*.{ts,tsx}'], CONTRACTS_OWN_IMPORTS, CONTRACTS_PATHS),
  // and each layer imports only the layers below it
  ...Object.keys(CONTRACTS_LAYERS).flatMap((layer) => {
    const files = [`shared-contracts/src/${layer}/**/*.{ts,tsx}`];
    const own = CONTRACTS_OWN_IMPORTS.filter((file) => file.startsWith(`shared-contracts/src/${layer}/`));
    const patterns = contractsLayerPatterns(layer);
    return [contractsRule(files, own, CONTRACTS_PATHS, patterns), ...(own.length ? [contractsRule(own, [], [], patterns)] : [])];
  }),
  API_CONTRACTS,
);

function contractsRule(files, ignores = [], paths = [], patterns = []) {
  const noApps = { group: REMOTES.map((r) => `@utsav/${r}`).concat('@utsav/host', '**/mfe-*', '**/host-shell'), message: 'The contracts depend on no app.' };
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { paths, patterns: [noApps, ...SHARED_STATE_PATTERNS, ...patterns] }] } };
}
