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

const APPS = ['host-shell', 'mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'shared-contracts', 'api'];
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
      assert.notDeepEqual(hi[id], en[id], `${dir} "${id}" is not translated`);
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

const API_SRC = path.join(ROOT, 'api/src');
/** The API's modules that answer people (the payment sandbox and the message catcher, stand-ins for others' services, are stand-ins/). */
const apiSources = () =>
  fs
    .readdirSync(API_SRC, { recursive: true })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file: `api/src/${file}`, code: fs.readFileSync(path.join(API_SRC, file), 'utf8') }));

const withoutComments = (code) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The call's text from its opening parenthesis to the matching one (strings skipped). */
function callText(code, open) {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    const char = code[i];
    if (char === "'" || char === '"' || char === '`') {
      i = stringEnd(code, i);
      continue;
    }
    if (char === '(' || char === '{' || char === '[') depth += 1;
    if (char === ')' || char === '}' || char === ']') depth -= 1;
    if (depth === 0) return code.slice(open, i + 1);
  }
  return code.slice(open);
}

/** Where the string literal starting at `start` ends (its closing quote); a template's `${…}` are skipped. */
function stringEnd(code, start) {
  const quote = code[start];
  for (let i = start + 1; i < code.length; i += 1) {
    if (code[i] === '\\') i += 1;
    else if (quote === '`' && code[i] === '$' && code[i + 1] === '{') i = callText(code, i + 1).length + i;
    else if (code[i] === quote) return i;
  }
  return code.length;
}

/** The first top-level argument of a call's text ('(' … ')'), and the rest. */
function splitFirstArgument(call) {
  const inner = call.slice(1);
  let depth = 0;
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i];
    if (char === "'" || char === '"' || char === '`') i = stringEnd(inner, i);
    else if ('({['.includes(char)) depth += 1;
    else if (')}]'.includes(char)) depth -= 1;
    if ((char === ',' && depth === 0) || depth < 0) return [inner.slice(0, i).trim(), inner.slice(i + 1)];
  }
  return [inner.trim(), ''];
}

/** A string literal's text ('…', "…", or a template without `${…}`), else null. */
function literalText(source) {
  const match = /^(['"`])([\s\S]*)\1$/.exec(source);
  if (!match || (match[1] === '`' && match[2].includes('${'))) return null;
  return match[2].replace(/\\(.)/g, '$1');
}

const ERROR_CALL = /\b(new HttpError|badRequest|unauthorized|forbidden|notFound|conflict|notFoundWithTotal|tooMany\w*)\(/g;

/**
 * Every message an error of the API is made with, as written: the argument that is its message (the second of
 * `new HttpError(status, message…)`, the first of the helpers). Problems: a literal not in the English
 * catalogue, a template (made of values) that does not pass its `words`.
 */
function apiMessageProblems(sources, englishTexts) {
  const problems = [];
  for (const { file, code } of sources) {
    for (const match of code.matchAll(ERROR_CALL)) {
      if (/^\s*(export\s+)?(const|function)\s*$/.test(code.slice(code.lastIndexOf('\n', match.index) + 1, match.index))) continue;
      const call = callText(code, match.index + match[0].length - 1);
      let [message, rest] = splitFirstArgument(call);
      if (match[1] === 'new HttpError') [message, rest] = splitFirstArgument(`(${rest}`);
      const where = `${file}:${code.slice(0, match.index).split('\n').length}`;
      const text = literalText(message);
      if (text !== null) {
        if (!englishTexts.has(text)) problems.push(`${where}: "${text}" is not a text of api/src/locales/en-IN.json`);
      } else if (message.startsWith('`') && !/\bwords\b|\bid\s*:/.test(rest)) {
        problems.push(`${where}: a message made of values must pass its words ({ words: { id, values } })`);
      }
    }
  }
  return problems;
}

/** Module constants of messages (`FOO_MESSAGE = '…'`, `FOO_MESSAGES = { key: '…' }`, `REJECTED = {…}`): each text must be in the catalogue. */
function apiMessageConstantProblems(sources, englishTexts) {
  const problems = [];
  for (const { file, code: source } of sources) {
    const code = withoutComments(source);
    for (const match of code.matchAll(/^(?:export )?const ([A-Z][A-Z0-9_]*)(?:: [^=]+)? = /gm)) {
      const name = match[1];
      if (!/MESSAGES?$|NOT_FOUND$|^REJECTED$|^INVALID_|^AUTH_|^SESSION_FROM|^NO_VERIFIED/.test(name)) continue;
      const start = match.index + match[0].length;
      const value = code[start] === '{' ? callText(code, start) : code.slice(start, stringEnd(code, start) + 1);
      const literals = code[start] === '{' ? [...value.matchAll(/:\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((m) => `${m[1]}${m[2]}${m[1]}`) : [value];
      for (const literal of literals) {
        const text = literalText(literal);
        if (text !== null && !englishTexts.has(text)) problems.push(`${file}: ${name}: "${text}" is not a text of api/src/locales/en-IN.json`);
      }
    }
  }
  return problems;
}

const apiEnglish = () => new Set(Object.values(JSON.parse(fs.readFileSync(path.join(ROOT, 'api/src/locales/en-IN.json'), 'utf8'))));

test('the API has its catalogue, checked like the apps\' (above)', () => {
  assert.ok(catalogued.includes('api'), catalogued.join(', '));
});

test("every message the API's errors are made with is a text of its English catalogue, or passes its words", () => {
  assert.deepEqual(apiMessageProblems(apiSources(), apiEnglish()), []);
  assert.deepEqual(apiMessageConstantProblems(apiSources(), apiEnglish()), []);
});

test('the API message scan fails on a message missing from the catalogue, and on a template without words', () => {
  const english = new Set(['Booking not found', 'Sign in required.']);
  const sample = (code) => apiMessageProblems([{ file: 'api/src/x.ts', code }], english);
  assert.deepEqual(sample("throw notFound('Booking not found');\nthrow new HttpError(401, 'Sign in required.', { cause });\n"), []);
  assert.equal(sample("throw notFound('Bokking not found');\n").length, 1);
  assert.equal(sample("throw new HttpError(409, 'Something new happened.');\n").length, 1);
  assert.equal(sample('throw badRequest(`month must be ${month}`);\n').length, 1);
  assert.deepEqual(sample("throw badRequest(`month must be ${month}`, undefined, { id: 'booking.monthOutOfRange', values: { month } });\n"), []);
  assert.deepEqual(sample("throw new HttpError(429, `Wait ${after}.`, { words: { id: 'http.wait', values: { after } } });\n"), []);
  assert.equal(sample("throw forbidden(\"You can't.\");\n").length, 1);
  const constants = (code) => apiMessageConstantProblems([{ file: 'api/src/x.ts', code }], english);
  assert.deepEqual(constants("export const BOOKING_NOT_FOUND = 'Booking not found';\n"), []);
  assert.equal(constants("export const X_MESSAGES = {\n  gone: 'Gone for good.',\n  found: 'Booking not found',\n} as const;\n").length, 1);
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
