// Hindi and English (issue 20): every app's Hindi catalogue has every English id, with the same
// placeholders, and compiles; and the lint rule that keeps words out of the markup really fires.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './lib/paths.mjs';

const require = createRequire(import.meta.url);
const { compileCatalogue } = require('../tooling/src/i18n-catalogue.cjs');

const APPS = ['host-shell', 'mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'mfe-provider', 'shared-contracts', 'api'];
/** Every catalogue of an app: its `locales` folders under src (the app's own, and a feature's that loads apart, e.g. the legal pages'). */
function cataloguesOf(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const inner = path.join(folder, entry.name);
      if (!entry.isDirectory()) continue;
      if (entry.name === 'locales' && fs.existsSync(path.join(inner, 'en-IN.json'))) found.push(path.relative(path.join(ROOT, dir), inner));
      else walk(inner);
    }
  };
  walk(path.join(ROOT, dir, 'src'));
  return found;
}
const catalogues = APPS.flatMap((dir) => cataloguesOf(dir).map((folder) => path.join(dir, folder)));
const catalogued = [...new Set(catalogues.map((folder) => folder.split(path.sep)[0]))];

/** The placeholder names of a compiled message ({name}, {count, plural, …}), sorted. */
function placeholders(compiled, found = new Set()) {
  // a compiled message is a list of text and tokens; a token is [name] or [name, format, { branch: message }]
  if (Array.isArray(compiled)) {
    for (const part of compiled) {
      if (Array.isArray(part) && typeof part[0] === 'string') {
        found.add(part[0]);
        if (part[2] && typeof part[2] === 'object') for (const branch of Object.values(part[2])) placeholders(branch, found);
      } else if (Array.isArray(part)) placeholders(part, found);
    }
  }
  return [...found].sort();
}

/** Whether a compiled message has words of its own, not only placeholders (and punctuation between them: '{amount}: {state}'). */
const hasWords = (message) => (Array.isArray(message) ? message.some((part) => typeof part === 'string' && /\p{L}/u.test(part)) : /\p{L}/u.test(String(message)));

test('at least the host has its catalogue', () => {
  assert.ok(catalogued.includes('host-shell'), catalogued.join(', '));
});

test('a feature can keep a catalogue of its own (the account app\'s legal pages)', () => {
  assert.ok(catalogues.includes(path.join('mfe-account', 'src', 'features', 'legal', 'locales')), catalogues.join(', '));
});

for (const dir of catalogues) {
  test(`${dir}: the Hindi catalogue has every English id, no other, each with the same placeholders`, () => {
    const read = (locale) => {
      const file = path.join(ROOT, dir, `${locale}.json`);
      return { file, compiled: compileCatalogue(fs.readFileSync(file, 'utf8'), file) };
    };
    const en = read('en-IN').compiled;
    const hi = read('hi-IN').compiled;
    assert.deepEqual(Object.keys(hi).sort(), Object.keys(en).sort(), 'the same ids');
    for (const id of Object.keys(en)) {
      assert.deepEqual(placeholders(hi[id]), placeholders(en[id]), `${dir} "${id}": the same placeholders`);
      // a message that is only its values ("{reason}") reads the same in every language
      if (hasWords(en[id])) assert.notDeepEqual(hi[id], en[id], `${dir} "${id}" is not translated`);
    }
  });
}

test('a message that is not valid ICU fails its compile, naming its id', () => {
  assert.throws(() => compileCatalogue('{"bad": "{count, plural, one {x}"}', 'x.json'), /"bad" is not a valid ICU message/);
});

test('words written into the markup of a translated app fail lint; words from useT do not', async () => {
  const eslint = new ESLint({ cwd: ROOT });
  const errorsFor = async (code) => {
    const [result] = await eslint.lintText(code, { filePath: 'host-shell/src/shell/X.tsx' });
    return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax');
  };
  const translated = "import { useShellT } from '../i18n';\nexport function X() {\n  const t = useShellT();\n  return <p aria-label={t('loading')}>{t('notFound.title')}</p>;\n}\n";
  assert.deepEqual(await errorsFor(translated), []);
  for (const untranslated of [
    'export const X = () => <p>Page not found</p>;\n',
    'export const X = () => <p aria-label="My orders" />;\n',
    "export const X = ({ on }: { on: boolean }) => <p>{on ? 'Open' : 'Closed'}</p>;\n",
    'export const X = ({ n }: { n: number }) => <p title={`${n} items`} />;\n',
    'export const X = ({ n }: { n: number }) => <p>{`${n} items`}</p>;\n',
    "export const X = ({ n }: { n: number }) => <p>{n > 1 && 'Several'}</p>;\n",
  ]) {
    assert.ok((await errorsFor(untranslated)).length >= 1, untranslated);
  }
});

// ---- the API's words: its catalogue, and every message it answers with is in it ----

// Every message an API error is made with is an id of its catalogue: HttpError's code has the catalogue's id type
// (api/src/http/http-error.ts), so English cannot be passed, and api/test/errors-language.test.ts holds the
// @ts-expect-error that shows the typecheck refuses it.

const withoutComments = (code) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

test('the API has its catalogue, checked like the apps\' (above)', () => {
  assert.ok(catalogued.includes('api'), catalogued.join(', '));
});

// ---- the schemas' messages are looked up when a parse reports them (said in the page's or request's language) ----

const SCHEMAS = path.join(ROOT, 'shared-contracts/src/domain/schemas');
/** Messages written into a schema as plain strings: `error: '…'`, `message: '…'`, `.min(1, '…')`, `z.string('…')`. */
function plainSchemaMessages(source) {
  const code = withoutComments(source);
  const found = [];
  const patterns = [
    /\b(?:error|message)\s*:\s*(['"`])/g, // { error: 'Unknown category' }, refine's { message: '…' }
    /\.(?:min|max|length|regex|int|positive|nonnegative|email|url|literal|refine|gt|gte|lt|lte|startsWith|endsWith|includes)\((?:[^()'"`]|\([^()]*\))*,\s*(['"`])/g, // .min(1, 'Required')
    /\bz\.(?:string|number|boolean|email|url|iso\.date|iso\.datetime)\(\s*(['"`])/g, // z.string('Must be text') (z.literal('INR')'s is its value)
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(code.slice(match.index, code.indexOf('\n', match.index)).trim());
  return found;
}

test("no schema says a message as a plain string: each is looked up when reported (said(…) of validation-messages.ts)", () => {
  const problems = [];
  for (const file of fs.readdirSync(SCHEMAS).filter((name) => name.endsWith('.ts'))) {
    for (const line of plainSchemaMessages(fs.readFileSync(path.join(SCHEMAS, file), 'utf8'))) problems.push(`${file}: ${line}`);
  }
  assert.deepEqual(problems, []);
});

test('the schema scan fails on each way of writing a plain message, not on said(…)', () => {
  assert.deepEqual(plainSchemaMessages("z.string().min(1, { error: said('validation.required', { label }) }).regex(/x/, { error: said('validation.date') })"), []);
  for (const bad of [
    "z.enum(X, { error: 'Unknown category' })",
    ".refine((v) => v, { message: 'Too big', path: ['a'] })",
    "z.string().min(1, 'Name is required')",
    'z.string().max(MAX, `At most ${MAX} characters`)',
    "z.string().regex(/^\\d{6}$/, 'Six digits')",
    "z.number('Must be a number')",
    "z.string({ error: (issue) => 'x' })",
  ]) {
    if (bad.includes('(issue) =>')) continue; // a function's own strings are the next check's
    assert.ok(plainSchemaMessages(bad).length >= 1, bad);
  }
});
