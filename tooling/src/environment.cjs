/**
 * One way to read a process's environment: a zod object schema with one entry per variable, each made with
 * `variable(reader(...), doc)`, which says how the variable is read (its trimmed value, undefined when unset
 * or empty, to what the process uses), its default, what it means, whether it is a secret and what
 * production requires (`production`: why a value must not reach production, or nothing). The API
 * (api/src/config.ts) and the host server (host-environment.cjs) are each one such schema, and
 * docs/configuration.md's tables are written from them (`npm run docs:config`).
 */
const { z } = require('zod');

class ReadFailure extends Error {}

/** A setting a process must not start with: the operator's to fix, not a bug (settingsOrExit says it in one line). */
class EnvironmentError extends Error {
  name = 'EnvironmentError';
}

/**
 * The settings for a process's start: an EnvironmentError is said alone, one line on stderr (a stack trace would
 * bury the variable's name), and the process exits 1; anything else is a bug and is thrown.
 */
function settingsOrExit(read) {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** A variable's reader: `read(value, fail)` returns what the process uses, or calls `fail(what is expected)`. */
function reader(read) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return read(value, (message) => {
          throw new ReadFailure(message);
        });
      } catch (error) {
        if (!(error instanceof ReadFailure)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    });
}

/** `value` as a URL, or `fail(message)` when it is none (for a reader). */
function urlOr(value, fail, message) {
  try {
    return new URL(value);
  } catch {
    return fail(message);
  }
}

// this machine, as URL normalises its spellings (127.1 is 127.0.0.1, [::ffff:127.0.0.1] is [::ffff:7f00:1]): a
// forgotten local value, a stand-in or a tunnel, never a deployment's service (the production rules refuse it)
const LOOPBACK_HOST = /^(localhost\.?|.+\.localhost\.?|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\])$/i;

/**
 * Production rule: `name` holds a public https address (`whenUnset` says what its default is), or why not:
 * unset, no address, not https, or this machine (a forgotten local value, never the deployment's service).
 */
const publicHttps = (whenUnset) => (value, name) => {
  if (!value) return `${name} is not set (${whenUnset})`;
  let url;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not an address`;
  }
  if (url.protocol !== 'https:') return `${name} must be https, not ${url.protocol.replace(/:$/, '')}`;
  if (LOOPBACK_HOST.test(url.hostname)) return `${name} points at this machine (${url.hostname}), not the real service`;
  return undefined;
};

// the readers every schema takes its plain variables from (a value is quoted in a message as it was given)

/** Text, `fallback` when unset (undefined: no default). */
const text = (fallback) => reader((value) => value ?? fallback);

/** A port number, `fallback` when unset. */
const port = (fallback) =>
  reader((value, fail) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 0 || number > 65535) fail(`must be a port number, got "${value}"`);
    return number;
  });

/** A whole number above 0, `fallback` when unset. */
const positiveInt = (fallback) =>
  reader((value, fail) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) fail(`must be a positive whole number, got "${value}"`);
    return number;
  });

/** A whole number of `unit` (0 or more), `fallback` when unset. */
const wholeNumber = (fallback, unit = 'milliseconds') =>
  reader((value, fail) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 0) fail(`must be a whole number of ${unit} (0 or more), got "${value}"`);
    return number;
  });

/** `true` or `false` (any case), `fallback` when unset. */
const flag = (fallback) =>
  reader((value, fail) => {
    if (value === undefined) return fallback;
    const said = value.toLowerCase();
    if (said !== 'true' && said !== 'false') fail(`must be true or false, got ${JSON.stringify(value)}`);
    return said === 'true';
  });

/** An http(s) address without a query, fragment or trailing slash; `fallback` when unset (undefined: its default depends on another variable). */
const httpUrl = (fallback) =>
  reader((value, fail) => {
    if (value === undefined) return fallback;
    const url = urlOr(value, fail, `must be an http(s) address, got "${value}"`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`must be an http(s) address, got "${value}"`);
    if (url.search || url.hash) fail(`must not have a query or fragment, got "${value}"`);
    return url.href.replace(/\/+$/, '');
  });

/** A variable of a schema: its reader with what the documentation and the production rules say of it. */
const variable = (schema, doc) => schema.meta(doc);

/** What a schema's variable says of itself. */
const variableDoc = (schema, name) => schema.shape[name].meta();

/** The schema's variables as its readers take them: trimmed, an empty value unset. */
const rawEnvironment = (schema, env) => Object.fromEntries(Object.keys(schema.shape).map((name) => [name, env[name]?.trim() || undefined]));

/** The settings `env` holds, read by `schema`; the first bad value is an EnvironmentError "<VARIABLE> <what is expected>". */
function readEnvironment(schema, env) {
  const read = schema.safeParse(rawEnvironment(schema, env));
  if (read.success) return read.data;
  const [issue] = read.error.issues;
  throw new EnvironmentError(`${String(issue.path[0])} ${issue.message}`);
}

/** Everything in `env` that must not reach production, one phrase each naming its variable, in the schema's order. */
function productionProblems(schema, env) {
  const raw = rawEnvironment(schema, env);
  return Object.keys(schema.shape).flatMap((name) =>
    [variableDoc(schema, name).production?.(raw[name], name, raw)].flat().filter((problem) => problem !== undefined && problem !== null),
  );
}

/** A table cell: one line, its pipes escaped. */
const cell = (text) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** The schema's variables as a markdown table: name (and whether a secret), who reads it, default, meaning, production. */
function environmentTable(schema) {
  const rows = Object.keys(schema.shape).map((name) => {
    const doc = variableDoc(schema, name);
    return `| ${[`\`${name}\`${doc.secret ? ' (secret)' : ''}`, doc.usedBy, doc.default, doc.meaning, doc.inProduction ?? ''].map(cell).join(' | ')} |`;
  });
  return ['| variable | used by | default | meaning | under `NODE_ENV=production` |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `document` with the table between the markers named `name` replaced by `table` (the markers must be there). */
function withGeneratedTable(document, name, table) {
  const start = `<!-- ${name}: generated by \`npm run docs:config\` from its schema; api/test/config-docs.test.ts fails when it drifts -->`;
  const end = `<!-- end of ${name} -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the markers of "${name}" are missing: ${start} … ${end}`);
  return `${document.slice(0, from)}${start}\n\n${table}\n\n${document.slice(to)}`;
}

module.exports = { EnvironmentError, LOOPBACK_HOST, environmentTable, flag, publicHttps, settingsOrExit, httpUrl, port, positiveInt, productionProblems, reader, readEnvironment, text, urlOr, variable, wholeNumber, withGeneratedTable };
