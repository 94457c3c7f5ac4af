// The lint boundary is a build-breaking rule; prove it really rejects cross-deployable imports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './lib/paths.mjs';

const eslint = new ESLint({ cwd: ROOT });

async function errorsFor(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('a remote importing another remote by package name fails lint', async () => {
  const errors = await errorsFor('mfe-booking/src/pages/X.tsx', "import Home from '@utsav/catalog/pages/Home';\nexport default Home;\n");
  assert.equal(errors.length, 1);
  assert.match(errors[0], /must not import mfe-catalog/);
});

test('a remote importing another remote by relative path fails lint', async () => {
  const errors = await errorsFor('mfe-checkout/src/pages/X.tsx', "import Login from '../../../mfe-account/src/pages/Login';\nexport default Login;\n");
  assert.equal(errors.length, 1);
});

test('the host importing a remote fails lint', async () => {
  const errors = await errorsFor('host-shell/src/x.ts', "export { default } from '../../mfe-catalog/src/pages/Home';\n");
  assert.equal(errors.length, 1);
});

test('contracts by package name is allowed; by relative path is not', async () => {
  assert.deepEqual(await errorsFor('mfe-catalog/src/x.ts', "export { paths } from '@utsav/contracts';\n"), []);
  const errors = await errorsFor('mfe-catalog/src/x.ts', "export { paths } from '../../shared-contracts/src/routes';\n");
  assert.equal(errors.length, 1);
});

test('routing comes from @utsav/contracts/router, never react-router directly, in apps and contracts', async () => {
  assert.deepEqual(await errorsFor('mfe-booking/src/x.ts', "export { useNavigate } from '@utsav/contracts/router';\n"), []);
  for (const file of ['mfe-booking/src/x.ts', 'host-shell/src/x.ts', 'shared-contracts/src/x.ts', 'shared-contracts/src/client/x.ts', 'mfe-account/src/features/login/x.ts']) {
    const errors = await errorsFor(file, "export { useNavigate } from 'react-router-dom';\n");
    assert.equal(errors.length, 1, file);
    assert.match(errors[0], /@utsav\/contracts\/router/);
  }
  // a remote importing another remote still fails in its src (both rules hold there)
  assert.equal((await errorsFor('mfe-booking/src/x.ts', "export { default } from '@utsav/catalog/pages/Home';\n")).length, 1);
});

test('apps use Firebase through @utsav/contracts; importing its types is fine', async () => {
  const [result] = await eslint.lintText("import { RecaptchaVerifier } from 'firebase/auth';\nexport { RecaptchaVerifier };\n", { filePath: 'mfe-account/src/x.ts' });
  assert.equal(result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').length, 1);
  const [types] = await eslint.lintText("import type { Auth } from 'firebase/auth';\nexport type A = Auth;\n", { filePath: 'mfe-account/src/x.ts' });
  assert.deepEqual(types.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports'), []);
});

/** The rule ids eslint reports for `code` linted as if it were `filePath`. */
async function rulesFiredFor(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId);
}

test('react-hooks: an effect missing a dependency fails lint; with the full list it passes', async () => {
  const page = (deps) =>
    `import { useEffect, useState } from 'react';\nexport function Title({ name }: { name: string }) {\n  const [title, setTitle] = useState('');\n  useEffect(() => { document.title = name + title; }, ${deps});\n  return <button onClick={() => setTitle('!')}>{title}</button>;\n}\n`;
  assert.deepEqual(await rulesFiredFor('mfe-booking/src/pages/X.tsx', page('[title]')), ['react-hooks/exhaustive-deps']);
  assert.deepEqual(await rulesFiredFor('mfe-booking/src/pages/X.tsx', page('[name, title]')), []);
});

test('react-hooks: a hook called conditionally fails lint, in the contracts too', async () => {
  const code = "import { useState } from 'react';\nexport function useMaybe(on: boolean) {\n  if (on) {\n    const [value] = useState(1);\n    return value;\n  }\n  return 0;\n}\n";
  assert.deepEqual(await rulesFiredFor('shared-contracts/src/client/x.ts', code), ['react-hooks/rules-of-hooks']);
});

test('jsx-a11y: an image without alt text fails lint', async () => {
  const code = (alt) => `export function Cover({ url }: { url: string }) {\n  return <img src={url}${alt} />;\n}\n`;
  assert.deepEqual(await rulesFiredFor('mfe-catalog/src/x.tsx', code('')), ['jsx-a11y/alt-text']);
  // a decorative image says so with an empty alt (words in an alt come from the catalogue: scripts/i18n.test.mjs)
  assert.deepEqual(await rulesFiredFor('mfe-catalog/src/x.tsx', code(' alt=""')), []);
});

test('testing-library: reaching into the DOM in a front-end test fails lint; by role is fine', async () => {
  const code = (query) => `import { render, screen } from '@testing-library/react';\ntest('x', () => {\n  render(<button>Go</button>);\n  expect(${query}).toBeTruthy();\n});\n`;
  assert.deepEqual(await rulesFiredFor('mfe-checkout/test/x.test.tsx', code("screen.getByText('Go').closest('button')")), ['testing-library/no-node-access']);
  assert.deepEqual(await rulesFiredFor('mfe-checkout/test/x.test.tsx', code("screen.getByRole('button', { name: 'Go' })")), []);
});

test('file names: camelCase modules and PascalCase non-components fail lint; components are PascalCase', async () => {
  const fired = async (filePath) => (await eslint.lintText('export const x = 1;\n', { filePath }))[0].messages.map((m) => m.ruleId);
  assert.deepEqual(await fired('mfe-catalog/src/features/search/useFooBar.ts'), ['check-file/filename-naming-convention']);
  assert.deepEqual(await fired('mfe-catalog/test/FooBar.test.tsx'), ['check-file/filename-naming-convention']);
  assert.deepEqual(await fired('mfe-catalog/src/features/search/use-foo-bar.ts'), []);
  assert.deepEqual(await fired('mfe-catalog/src/features/search/FooBar.tsx'), []);
});

// ---- layers you can see (issue 35): the contracts' layers, the API on the domain layer, features through their public file ----

const importOf = (source) => `import * as m from '${source}';\nexport default m;\n`;

test("contracts, domain: imports only itself — not i18n, client or ui, by relative path or by package name", async () => {
  for (const allowed of ['./money', './schemas/booking', '../locales/en-IN.json']) {
    assert.deepEqual(await errorsFor('shared-contracts/src/domain/x.ts', importOf(allowed)), [], allowed);
  }
  for (const refused of ['../i18n/i18n', '../client/api-client', '../ui/Page', '..', '../index', '@utsav/contracts', '@utsav/contracts/catalog', '@utsav/contracts/router']) {
    const errors = await errorsFor('shared-contracts/src/domain/x.ts', importOf(refused));
    assert.equal(errors.length, 1, refused);
    assert.match(errors[0], /shared-contracts\/src\/domain may import only domain/);
  }
  // nor the page's libraries
  for (const refused of ['react', 'jotai/vanilla', '@mui/material/Box', 'firebase/auth']) {
    const errors = await errorsFor('shared-contracts/src/domain/x.ts', importOf(refused));
    assert.equal(errors.length, 1, refused);
    assert.match(errors[0], /no React, no page state/);
  }
  assert.deepEqual(await errorsFor('shared-contracts/src/domain/x.ts', importOf('@lingui/core')), []);
  // from a folder inside the layer too
  assert.equal((await errorsFor('shared-contracts/src/domain/schemas/x.ts', importOf('../../client/session'))).length, 1);
  assert.deepEqual(await errorsFor('shared-contracts/src/domain/schemas/x.ts', importOf('../money')), []);
});

test('contracts, i18n: imports domain only', async () => {
  assert.deepEqual(await errorsFor('shared-contracts/src/i18n/x.ts', importOf('../domain/language')), []);
  assert.deepEqual(await errorsFor('shared-contracts/src/i18n/x.ts', importOf('./store')), []);
  for (const refused of ['../client/session', '../ui/theme', '@utsav/contracts', '@utsav/contracts/booking']) {
    const errors = await errorsFor('shared-contracts/src/i18n/x.ts', importOf(refused));
    assert.equal(errors.length, 1, refused);
    assert.match(errors[0], /may import only i18n, domain/);
  }
});

test('contracts, client: imports domain and i18n, not ui; the main entry by name (the shared instance) is allowed', async () => {
  for (const allowed of ['../domain/schemas/booking', '../i18n/store', './api-client', '@utsav/contracts', '@utsav/contracts/money']) {
    assert.deepEqual(await errorsFor('shared-contracts/src/client/x.ts', importOf(allowed)), [], allowed);
  }
  for (const refused of ['../ui/LoadError', '@utsav/contracts/address-form', '@utsav/contracts/router', '../index']) {
    const errors = await errorsFor('shared-contracts/src/client/x.ts', importOf(refused));
    assert.equal(errors.length, 1, refused);
    assert.match(errors[0], /may import only client, domain, i18n/);
  }
});

test('contracts, ui: may import every layer', async () => {
  for (const allowed of ['../domain/routes', '../i18n/contracts-messages', '../client/use-api', '@utsav/contracts', '@utsav/contracts/router']) {
    assert.deepEqual(await errorsFor('shared-contracts/src/ui/x.ts', importOf(allowed)), [], allowed);
  }
});

test('the contracts still depend on no app, and take zod only through schemas/zod, in every layer', async () => {
  for (const layer of ['domain', 'i18n', 'client', 'ui']) {
    assert.equal((await errorsFor(`shared-contracts/src/${layer}/x.ts`, importOf('@utsav/catalog'))).length, 1, layer);
    assert.equal((await errorsFor(`shared-contracts/src/${layer}/x.ts`, importOf('zod'))).length, 1, layer);
  }
  assert.deepEqual(await errorsFor('shared-contracts/src/domain/schemas/zod.ts', "export * from 'zod';\n"), []);
  // the module that may import zod is still held to its layer
  assert.equal((await errorsFor('shared-contracts/src/domain/schemas/zod.ts', importOf('../../i18n/i18n'))).length, 1);
});

test('the contracts import a module that holds state and is shared under a sub-path of its own (i18n-core) by that name, never relatively', async () => {
  for (const [file, refused] of [
    ['shared-contracts/src/domain/x.ts', './i18n-core'],
    ['shared-contracts/src/domain/schemas/x.ts', '../i18n-core'],
    ['shared-contracts/src/i18n/x.ts', '../domain/i18n-core'],
    ['shared-contracts/src/client/x.ts', '../domain/i18n-core.ts'],
    ['shared-contracts/test/x.test.ts', '../src/domain/i18n-core'],
  ]) {
    const errors = await errorsFor(file, importOf(refused));
    assert.equal(errors.length, 1, `${file}: ${refused}`);
    assert.match(errors[0], /Import @utsav\/contracts\/i18n-core by that name/);
  }
  for (const [file, allowed] of [
    ['shared-contracts/src/domain/x.ts', '@utsav/contracts/i18n-core'],
    ['shared-contracts/src/client/x.ts', '@utsav/contracts/i18n-core'],
    // a module that merely ends alike is not one of them
    ['shared-contracts/src/domain/x.ts', './i18n-core-words'],
  ]) {
    assert.deepEqual(await errorsFor(file, importOf(allowed)), [], `${file}: ${allowed}`);
  }
});

test("the API imports only the contracts' domain layer", async () => {
  for (const allowed of ['@utsav/contracts/money', '@utsav/contracts/schemas', '@utsav/contracts/language', '@utsav/contracts/i18n-core', '@utsav/contracts/messages', '@utsav/contracts/validation-messages']) {
    assert.deepEqual(await errorsFor('api/src/x.ts', importOf(allowed)), [], allowed);
  }
  for (const refused of ['@utsav/contracts', '@utsav/contracts/catalog', '@utsav/contracts/router', '@utsav/contracts/address-form', '@utsav/contracts/not-a-subpath', '../../shared-contracts/src/client/session']) {
    const errors = await errorsFor('api/src/x.ts', importOf(refused));
    assert.equal(errors.length, 1, refused);
  }
  assert.match((await errorsFor('api/src/x.ts', importOf('@utsav/contracts')))[0], /only the contracts' domain layer/);
  // the API's tests and scripts too
  assert.equal((await errorsFor('api/test/x.test.ts', importOf('@utsav/contracts/booking'))).length, 1);
});

test("inside an app, a feature imports another feature only through its public file (features/<name>/index.ts)", async () => {
  const file = 'mfe-account/src/features/account/x.ts';
  for (const allowed of ['../onboarding', '../onboarding/index', './ProfileForm', '../../i18n', '../../components/photo', '@utsav/contracts']) {
    assert.deepEqual(await errorsFor(file, importOf(allowed)), [], allowed);
  }
  for (const refused of ['../onboarding/form-values', '../login/auth-error-message', '../../features/login/phone-auth']) {
    const errors = await errorsFor(file, importOf(refused));
    assert.equal(errors.length, 1, refused);
    assert.match(errors[0], /only through its public file/);
  }
  // in every remote with features; the app's boundaries still hold inside a feature
  assert.equal((await errorsFor('mfe-catalog/src/features/home/x.ts', importOf('../search/use-service-search'))).length, 1);
  assert.equal((await errorsFor('mfe-booking/src/features/slots/x.ts', importOf('../bookings/booking-text'))).length, 1);
  assert.equal((await errorsFor('mfe-checkout/src/features/cart/x.ts', importOf('../payment/use-payment'))).length, 1);
  assert.equal((await errorsFor('mfe-catalog/src/features/home/x.ts', importOf('@utsav/booking/pages/SlotSelection'))).length, 1);
  // the pages compose the features and may take any piece of them
  assert.deepEqual(await errorsFor('mfe-account/src/pages/X.tsx', importOf('../features/onboarding/OnboardingForm')), []);
});
