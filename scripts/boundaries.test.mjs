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
  for (const file of ['mfe-booking/src/x.ts', 'host-shell/src/x.ts', 'shared-contracts/src/x.ts']) {
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
  assert.deepEqual(await rulesFiredFor('shared-contracts/src/x.ts', code), ['react-hooks/rules-of-hooks']);
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
