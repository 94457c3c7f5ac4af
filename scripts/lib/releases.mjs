// Releasing the remotes: build one alone and store it as an immutable version, check a version against
// the live host, promote it, roll back. The store itself (layout, pointer, history) is
// tooling/src/release/store.cjs; the gate is tooling/src/release/gate.cjs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUILDS, buildAll, isCurrent, stampOf } from './build.mjs';
import { ROOT } from './paths.mjs';

const require = createRequire(import.meta.url);
const store = require('../../tooling/src/release/store.cjs');
const gate = require('../../tooling/src/release/gate.cjs');
export const { SigningError } = require('../../tooling/src/release/signing.cjs');
const { prepare } = require('../../tooling/src/serve.cjs');

export const { REMOTES, ReleaseError, TamperedRelease, listVersions, readPointer, previousVersion, storeDir } = store;

/** The live host this machine runs: its build. */
export const HOST_DIST = path.join(ROOT, 'host-shell/dist');

const buildOf = (remote) => {
  if (!REMOTES.includes(remote)) throw new ReleaseError(`unknown remote "${remote}": one of ${REMOTES.join(', ')}`);
  return BUILDS.find((build) => build.dir === `mfe-${remote}`);
};

/**
 * Stores the remote's current build (dist/, which must be the build of the code as it is) as its
 * version; a version already in the store is left as it is.
 */
export function storeCurrentBuild(remote, { releases = storeDir(), env = process.env } = {}) {
  const build = buildOf(remote);
  const stamp = stampOf(build, env);
  if (!isCurrent(build, stamp)) throw new ReleaseError(`${build.dir}/dist is not the build of the code as it is: build it first`);
  const dist = path.join(ROOT, build.dir, 'dist');
  const packageVersion = JSON.parse(fs.readFileSync(path.join(ROOT, build.dir, 'package.json'), 'utf8')).version;
  const version = store.versionOf(packageVersion, stamp);
  const stored = store.storeRelease(releases, {
    remote,
    version,
    dist,
    packageVersion,
    inputHash: stamp,
    // brotli and gzip copies beside each file, made once (the static server serves them)
    prepare: (file, full) => prepare(`/${file.split(path.sep).join('/')}`, fs.readFileSync(full), full),
  });
  return { version, ...stored };
}

/** `npm run release -- <remote>`: builds the remote alone (when its build is not current) and stores it. */
export async function release(remote, { releases = storeDir(), log = console.log, stdout } = {}) {
  const build = buildOf(remote);
  await buildAll({ only: [build.dir], log, stdout });
  return storeCurrentBuild(remote, { releases });
}

/** The live host, from its build folder (default: this machine's host-shell/dist) or its URL. */
export async function liveHost(host = HOST_DIST) {
  return /^https?:\/\//.test(host) ? gate.fetchHost(host) : gate.readHost(path.resolve(host));
}

/**
 * The gate's problems for `version` of `remote` against the live host (none: it may go live). A version
 * whose files are not the ones its release recorded (a changed, missing or added file) is refused before
 * anything else is read from it: TamperedRelease.
 */
export async function check(remote, version, { releases = storeDir(), host } = {}) {
  buildOf(remote);
  if (!store.hasVersion(releases, remote, version)) throw new ReleaseError(`${remote} ${version} is not in the store (${releases}): npm run releases lists what is`);
  const tampered = store.verifyVersion(releases, remote, version);
  if (tampered.length) throw new TamperedRelease(remote, version, tampered);
  const candidate = gate.readCandidate(store.versionDir(releases, remote, version));
  return gate.compatibilityProblems({ remote, candidate, host: await liveHost(host) });
}

/** A refusal by the gate: the pointer was not touched. */
export class GateRefusal extends ReleaseError {
  constructor(remote, version, problems) {
    super(`${remote} ${version} is not compatible with the live host; the live version is unchanged:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.problems = problems;
  }
}

/** `npm run promote -- <remote> <version>`: the gate, then the live pointer. */
export async function promote(remote, version, { releases = storeDir(), host, now } = {}) {
  const problems = await check(remote, version, { releases, host });
  if (problems.length) throw new GateRefusal(remote, version, problems);
  return store.promote(releases, remote, version, now);
}

/** `npm run rollback -- <remote>`: back to the version live before (it passes the gate again first: the host may have moved on). */
export async function rollback(remote, { releases = storeDir(), host, now } = {}) {
  buildOf(remote);
  const previous = previousVersion(readPointer(releases, remote));
  if (previous) {
    const problems = await check(remote, previous, { releases, host });
    if (problems.length) throw new GateRefusal(remote, previous, problems);
  }
  return store.rollback(releases, remote, now);
}

/**
 * What `npm start` does before starting: store each remote's current build, and make it live where
 * nothing is live yet. A store with live versions keeps them (a release goes live through promote); a
 * current build that is not live is pointed out. `promoteCurrent`: make the current builds live
 * whatever is (the test and bench systems measure this checkout's code).
 */
export async function releaseCurrentBuilds({ releases = storeDir(), log = console.log, promoteCurrent = false } = {}) {
  for (const remote of REMOTES) {
    // a remote's pipeline builds only its own remote: the others stay at their live releases
    if (!promoteCurrent && readPointer(releases, remote).live && !isCurrent(buildOf(remote))) {
      log(`${remote}: ${readPointer(releases, remote).live} is live (this checkout has not built ${remote}: the live release serves)`);
      continue;
    }
    const { version, created } = storeCurrentBuild(remote, { releases });
    if (created) log(`released ${remote} ${version}`);
    const { live } = readPointer(releases, remote);
    // a live version the host would refuse (released before digests and signatures were recorded, or changed since)
    const refused = live && live !== version ? store.verifyVersion(releases, remote, live) : [];
    if (refused.length) log(`${remote}: ${live} is live but the host refuses it (${refused[0]}): this checkout's build goes live instead`);
    if (!live || refused.length || (promoteCurrent && live !== version)) {
      await promote(remote, version, { releases });
      log(`${remote}: ${version} is live`);
    } else if (live !== version) {
      log(`${remote}: ${live} is live; this checkout's build is ${version} (npm run promote -- ${remote} ${version})`);
    }
  }
}

/** The lines of `npm run releases`: each remote's versions, which is live, when each was promoted. */
export function describeReleases(releases = storeDir()) {
  const lines = [`release store: ${releases}`];
  for (const remote of REMOTES) {
    const pointer = readPointer(releases, remote);
    const versions = listVersions(releases, remote);
    lines.push('', `${remote}${pointer.live ? '' : ' (nothing live)'}`);
    if (versions.length === 0) lines.push('  no versions released');
    for (const { version, releasedAt } of versions) {
      const promotions = pointer.log.filter((entry) => entry.version === version);
      const marker = version === pointer.live ? '*' : ' ';
      const story = promotions.map((entry) => `${entry.action === 'promote' ? 'promoted' : 'rolled back to'} ${when(entry.at)}`);
      lines.push(`${marker} ${version}  released ${when(releasedAt)}${story.length ? `; ${story.join('; ')}` : ''}${marker === '*' ? '  (live)' : ''}`);
    }
  }
  return lines;
}

const when = (iso) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/**
 * The release store a remote's pipeline tests its candidate in (scripts/ci.mjs): the other remotes at their live
 * releases, copied from the live store (a remote with nothing live there: this checkout's build of it), and this
 * checkout's build of `remote`, released, checked against the live host and promoted. Returns its version.
 */
export async function candidateStore(remote, { into, live = storeDir(), host, log = console.log }) {
  buildOf(remote);
  const others = REMOTES.filter((each) => each !== remote);
  const notLive = others.filter((other) => !readPointer(live, other).live);
  // the API and the host the browser suite runs on, the candidate and any remote with nothing live, two at a time
  await buildAll({ only: ['api', 'stand-ins', 'host-shell', `mfe-${remote}`, ...notLive.map((other) => `mfe-${other}`)], log });
  for (const other of others) {
    let version = readPointer(live, other).live;
    if (version) {
      fs.cpSync(store.versionDir(live, other, version), store.versionDir(into, other, version), { recursive: true });
      log(`${other}: ${version}, live in ${live}`);
    } else {
      version = storeCurrentBuild(other, { releases: into }).version;
      log(`${other}: nothing is live in ${live}; this checkout's build ${version} stands in`);
    }
    store.promote(into, other, version);
  }
  const { version } = await release(remote, { releases: into, log });
  const problems = await check(remote, version, { releases: into, host });
  if (problems.length) throw new GateRefusal(remote, version, problems);
  log(`${remote} ${version} is compatible with the live host (${host ?? HOST_DIST})`);
  store.promote(into, remote, version);
  log(`${remote}: ${version} is live in the throwaway store ${into}`);
  return version;
}

/** Copies a version of `remote` from another store (a pipeline's throwaway one) into `into` (default: RELEASES_DIR), unless it is there. */
export function keepRelease(remote, version, { from, into = storeDir() }) {
  buildOf(remote);
  if (!store.hasVersion(into, remote, version)) fs.cpSync(store.versionDir(from, remote, version), store.versionDir(into, remote, version), { recursive: true });
  return into;
}
