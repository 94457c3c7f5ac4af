/**
 * The release store: every released build of every remote, immutable, and per remote a live pointer
 * with its history. Plain files, so the same layout works on a disk, a mounted volume or a bucket
 * behind a CDN (docs/releasing.md).
 *
 *   <store>/<remote>/<version>/           one build, never changed once written: the browser container
 *                                         (mf-manifest.json, remoteEntry.js, chunks), its server
 *                                         container in server/, each compressible file's .br/.gz beside
 *                                         it, and release.json (what was released, when, the SHA-256
 *                                         of every file stored: `digests`, as SRI strings, and the
 *                                         releasing team's Ed25519 signature over them: signing.cjs)
 *   <store>/<remote>/live.json            the live pointer: { live, stack, log }, replaced atomically
 *
 * Both files are checked against one schema each when read and before written (POINTER_SCHEMA,
 * RELEASE_SCHEMA): a version goes into a URL, so it is one path segment of safe characters, never
 * something a hand-edited or tampered pointer says. A version whose files do not match its digests
 * (verifyVersion) is never made live.
 *
 * `stack` is the promotions still standing, oldest first, its last one live: a promote pushes, a
 * rollback pops (rolling back twice goes back twice). `log` is every promote and rollback, with when.
 * A version is `<package version>-<first 12 hex of the build's input hash>`: the same code released
 * twice is the same version (scripts/lib/build.mjs hashes what a build is made from).
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const zlib = require('node:zlib');

const REMOTES = Object.keys(require('../runtime-config.cjs').REMOTES);
const signing = require('./signing.cjs');
const POINTER = 'live.json';
const RELEASE_INFO = 'release.json';
const LOCK = '.lock';
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

/** Where the store is: RELEASES_DIR, else .data/releases under the working directory. */
function storeDir(env = process.env, cwd = process.cwd()) {
  return path.resolve(cwd, (env.RELEASES_DIR ?? '').trim() || '.data/releases');
}

function versionOf(packageVersion, inputHash) {
  return `${packageVersion}-${inputHash.slice(0, 12)}`;
}

function assertRemote(remote) {
  if (!REMOTES.includes(remote)) throw new ReleaseError(`unknown remote "${remote}": one of ${REMOTES.join(', ')}`);
}

function assertVersion(version) {
  if (typeof version !== 'string' || !VERSION.test(version)) throw new ReleaseError(`"${version}" is not a version (e.g. 1.0.0-3f2a9c1d0e7b)`);
}

/** A refusal the commands print as it is (no stack trace). */
class ReleaseError extends Error {}

let schemas = null;
/**
 * The schemas of live.json and release.json, made when first used (zod is required then: the commands
 * that load this module may run before the packages are installed).
 */
function schemasOf() {
  if (schemas) return schemas;
  const { z } = require('zod');
  const version = z.string().regex(VERSION, 'not a version');
  const at = z.iso.datetime();
  // a stored file: a relative path inside the version, in / form, no part hidden or leaving it
  const file = z.string().refine((name) => name.length > 0 && name.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\')), 'not a file of the version');
  schemas = {
    pointer: z.strictObject({
      live: version.nullable(),
      stack: z.array(z.strictObject({ version, promotedAt: at })),
      log: z.array(z.strictObject({ action: z.enum(['promote', 'rollback']), version, from: version.nullable(), at })),
    }),
    release: z.looseObject({
      remote: z.enum(REMOTES),
      version,
      packageVersion: z.string(),
      inputHash: z.string(),
      releasedAt: at,
      digests: z.record(file, z.string().regex(DIGEST, 'not a sha256 digest')).optional(),
      signature: z
        .strictObject({ algorithm: z.literal('ed25519'), key: z.string().regex(/^[0-9a-f]{16}$/), value: z.base64(), development: z.literal(true).optional() })
        .optional(),
    }),
  };
  return schemas;
}

/** The file's digest as Subresource Integrity writes it: sha256-<base64>. */
const DIGEST = /^sha256-[A-Za-z0-9+/]{43}=$/;
function digestOf(bytes) {
  return `sha256-${crypto.createHash('sha256').update(bytes).digest('base64')}`;
}

/** Reads `file` as JSON checked by `schema`; a file that is not one is a ReleaseError naming it. */
function readChecked(file, schema) {
  let value;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReleaseError(`${file} is not JSON: ${error.message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ReleaseError(`${file} is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}

const remoteDir = (store, remote) => path.join(store, remote);
const versionDir = (store, remote, version) => path.join(store, remote, version);

/** A version is complete once its release.json is there (it is written last, inside the folder renamed into place). */
function hasVersion(store, remote, version) {
  return fs.existsSync(path.join(versionDir(store, remote, version), RELEASE_INFO));
}

/** A version's release.json, checked. */
function readRelease(store, remote, version) {
  assertRemote(remote);
  assertVersion(version);
  return readChecked(path.join(versionDir(store, remote, version), RELEASE_INFO), schemasOf().release);
}

/** A compressed copy the static server keeps beside a file (x.js.br, x.js.gz): the same bytes, encoded. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Every file of a stored version (its release.json and compressed copies aside): relative path in / form
 * -> its digest. The .br/.gz copies are not recorded: the static server makes them again when they are
 * missing, and each is checked by what it decodes to (compressedCopyProblems).
 */
function digestsOf(dir) {
  const digests = {};
  for (const file of walk(dir).sort()) {
    const name = file.split(path.sep).join('/');
    if (name !== RELEASE_INFO && !COMPRESSED_COPY.test(name)) digests[name] = digestOf(fs.readFileSync(path.join(dir, file)));
  }
  return digests;
}

/** Each .br/.gz copy of a version must decode to the released file beside it. */
function compressedCopyProblems(dir, digests) {
  const problems = [];
  for (const file of walk(dir).sort()) {
    const name = file.split(path.sep).join('/');
    if (!COMPRESSED_COPY.test(name)) continue;
    const original = name.slice(0, -3);
    if (!(original in digests)) {
      problems.push(`${name}: not a file of the release`);
      continue;
    }
    let decoded;
    try {
      const bytes = fs.readFileSync(path.join(dir, file));
      decoded = name.endsWith('.br') ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes);
    } catch {
      decoded = null;
    }
    if (!decoded || digestOf(decoded) !== digests[original]) problems.push(`${name}: does not decode to the released ${original}`);
  }
  return problems;
}

/**
 * What is wrong with a stored version against its record: one line per file changed, missing or added,
 * or the record itself (not signed by the remote's key: signing.cjs) (none: the files are the ones released).
 */
function verifyVersion(store, remote, version, env = process.env) {
  let info;
  try {
    info = readRelease(store, remote, version);
  } catch (error) {
    return [error.message];
  }
  if (!info.digests) return [`${remote} ${version} records no digests of its files (released before they were recorded): release it again`];
  if (info.remote !== remote || info.version !== version) return [`${remote} ${version}: its release.json is of ${info.remote} ${info.version}`];
  const unsigned = signing.signatureProblem(info, signing.verifyingKeys(remote, env), env);
  if (unsigned) return [unsigned];
  const found = digestsOf(versionDir(store, remote, version));
  const problems = [];
  for (const [file, digest] of Object.entries(info.digests)) {
    if (!(file in found)) problems.push(`${file}: missing`);
    else if (found[file] !== digest) problems.push(`${file}: its contents are not the ones released (sha256 ${found[file].slice(7)}, released ${digest.slice(7)})`);
  }
  for (const file of Object.keys(found)) if (!(file in info.digests)) problems.push(`${file}: not a file of the release`);
  return [...problems, ...compressedCopyProblems(versionDir(store, remote, version), info.digests)];
}

/** A refusal to make a version live whose files are not the ones released. */
class TamperedRelease extends ReleaseError {
  constructor(remote, version, problems) {
    super(`${remote} ${version}: its files do not match its release record; the live version is unchanged:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.problems = problems;
  }
}

function assertIntact(store, remote, version, env = process.env) {
  const problems = verifyVersion(store, remote, version, env);
  if (problems.length) throw new TamperedRelease(remote, version, problems);
}

/** Writes a file so that readers see the old content or the new, never a half: a temporary file renamed over it. */
function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

function walk(dir, base = dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, base, out);
    else out.push(path.relative(base, full));
  }
  return out;
}

/**
 * Stores a remote's built `dist` as `version`, unless that version is already there (then nothing is
 * written: a version never changes). The files are copied into a hidden folder of the store and renamed
 * into place, so a half-copied version is never visible. `prepare(relativePath, fullPath)` runs on each
 * copied file (the static server's compression, which leaves .br/.gz beside it). Every stored file's
 * digest is recorded, and the record signed with `key` (signing.cjs signingKey: the releasing team's).
 * @returns {{ created: boolean, dir: string, files: number }}
 */
function storeRelease(store, { remote, version, dist, packageVersion, inputHash, prepare = () => {}, key = signing.signingKey() }, now = new Date()) {
  assertRemote(remote);
  assertVersion(version);
  const target = versionDir(store, remote, version);
  if (hasVersion(store, remote, version)) return { created: false, dir: target, files: 0 };
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new ReleaseError(`${dist} has no mf-manifest.json: build the remote first`);
  fs.mkdirSync(remoteDir(store, remote), { recursive: true });
  const staging = path.join(remoteDir(store, remote), `.staging-${version}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  const files = walk(dist).filter((file) => !/\.(br|gz)$/.test(file) && path.basename(file) !== '.build-stamp');
  try {
    for (const file of files) {
      const to = path.join(staging, file);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(dist, file), to);
      prepare(file, to);
    }
    const record = { remote, version, packageVersion, inputHash, releasedAt: now.toISOString(), digests: digestsOf(staging) };
    const info = schemasOf().release.parse({ ...record, signature: signing.sign(record, key) });
    fs.writeFileSync(path.join(staging, RELEASE_INFO), `${JSON.stringify(info, null, 2)}\n`);
    // a version already there (another release of the same code got in first) stays as it is
    if (fs.existsSync(target)) return { created: false, dir: target, files: 0 };
    fs.renameSync(staging, target);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return { created: true, dir: target, files: files.length };
}

/** The remote's versions, oldest release first, each with its release.json. */
function listVersions(store, remote) {
  assertRemote(remote);
  const dir = remoteDir(store, remote);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && hasVersion(store, remote, entry.name))
    .map((entry) => readRelease(store, remote, entry.name))
    .sort((a, b) => a.releasedAt.localeCompare(b.releasedAt) || a.version.localeCompare(b.version));
}

const EMPTY_POINTER = Object.freeze({ live: null, stack: [], log: [] });

/**
 * The remote's live pointer: { live: version | null, stack: [{ version, promotedAt }], log: [{ action, version, from, at }] },
 * checked (a pointer that is not one is a ReleaseError: no version of it goes into a URL).
 */
function readPointer(store, remote) {
  assertRemote(remote);
  const file = path.join(remoteDir(store, remote), POINTER);
  if (!fs.existsSync(file)) return { ...EMPTY_POINTER, stack: [], log: [] };
  return readChecked(file, schemasOf().pointer);
}

/** Each pointer file's live version as last read, by the file's identity (inode, times, size): liveVersions. */
const liveRead = new Map();

/**
 * The live version of each remote that has one: { catalog: '1.0.0-…', … }. The host asks on every page render
 * and runtime-config request: a pointer is read (and checked) again only once its file has changed (a promote
 * or rollback replaces it whole, writeAtomically), a stat otherwise.
 */
function liveVersions(store) {
  const live = {};
  for (const remote of REMOTES) {
    assertRemote(remote);
    const file = path.join(remoteDir(store, remote), POINTER);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const identity = stat && `${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}`;
    let read = liveRead.get(file);
    if (!read || read.identity !== identity) {
      read = { identity, version: undefined };
      try {
        read.version = readPointer(store, remote).live ?? undefined;
      } catch (error) {
        // a pointer being replaced is never half-written (writeAtomically); an unreadable or invalid one is no live version
        if (!(error instanceof ReleaseError)) throw error;
        console.error(`release store: ${error.message}; ${remote} has no live version`);
      }
      liveRead.set(file, read);
    }
    if (read.version) live[remote] = read.version;
  }
  return live;
}

/**
 * Runs `change` on the remote's pointer with the store's lock held (one promote or rollback at a
 * time per remote), and writes what it returns atomically.
 */
function updatePointer(store, remote, change) {
  assertRemote(remote);
  fs.mkdirSync(remoteDir(store, remote), { recursive: true });
  const lock = path.join(remoteDir(store, remote), LOCK);
  let handle;
  try {
    handle = fs.openSync(lock, 'wx');
  } catch (error) {
    if (error.code === 'EEXIST') throw new ReleaseError(`${remote}: another promote or rollback holds ${lock} (remove it if none is running)`);
    throw error;
  }
  try {
    const next = schemasOf().pointer.parse(change(readPointer(store, remote)));
    writeAtomically(path.join(remoteDir(store, remote), POINTER), `${JSON.stringify(next, null, 2)}\n`);
    return next;
  } finally {
    fs.closeSync(handle);
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Makes `version` live (it must be in the store, whole and signed: verifyVersion with `env`'s keys).
 * Promoting the live version again changes nothing.
 */
function promote(store, remote, version, now = new Date(), env = process.env) {
  assertVersion(version);
  if (!hasVersion(store, remote, version)) throw new ReleaseError(`${remote} ${version} is not in the store (${store}): npm run releases lists what is`);
  assertIntact(store, remote, version, env);
  return updatePointer(store, remote, (pointer) => {
    if (pointer.live === version) return pointer;
    const at = now.toISOString();
    return {
      live: version,
      stack: [...pointer.stack, { version, promotedAt: at }],
      log: [...pointer.log, { action: 'promote', version, from: pointer.live, at }],
    };
  });
}

/** The version a rollback would make live, or null when there is none before the live one. */
function previousVersion(pointer) {
  return pointer.stack.length >= 2 ? pointer.stack[pointer.stack.length - 2].version : null;
}

/** Goes back to the version live before the live one. */
function rollback(store, remote, now = new Date()) {
  return updatePointer(store, remote, (pointer) => {
    const previous = previousVersion(pointer);
    if (!previous) throw new ReleaseError(`${remote}: no earlier version to roll back to (live: ${pointer.live ?? 'none'})`);
    if (!hasVersion(store, remote, previous)) throw new ReleaseError(`${remote}: ${previous}, the version before, is no longer in the store`);
    assertIntact(store, remote, previous);
    return {
      live: previous,
      stack: pointer.stack.slice(0, -1),
      log: [...pointer.log, { action: 'rollback', version: previous, from: pointer.live, at: now.toISOString() }],
    };
  });
}

module.exports = {
  POINTER,
  RELEASE_INFO,
  REMOTES,
  ReleaseError,
  TamperedRelease,
  VERSION,
  digestOf,
  hasVersion,
  listVersions,
  liveVersions,
  previousVersion,
  promote,
  readPointer,
  readRelease,
  rollback,
  storeDir,
  storeRelease,
  versionDir,
  verifyVersion,
  versionOf,
};
