/**
 * The compatibility gate: may this build of a remote go live beside the live host? Read from what was
 * built (the manifests), never from the workspace, so it answers for the host that is deployed:
 * - the candidate exposes every page module the host's route table gives that remote (the host's
 *   remote-pages.json, written by its build from shared-contracts' route table);
 * - each shared module the candidate requires is satisfied (semver) by the version the host provides
 *   (the host's mf-manifest.json); the host must provide the singletons the house shares (react,
 *   react-dom, emotion, jotai, @utsav/contracts with its router slice, MUI's styling core), else the
 *   page would run a second copy of them; and every module the candidate takes from the host alone
 *   (its browser build has no copy of its own: host-shares.json beside its manifest) must be provided;
 * - the same for the server side when the host renders on the server (its render server's manifest,
 *   dist-server/mf-manifest.json, against the candidate's server/mf-manifest.json).
 * Each problem is one line; none means the gate passes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SINGLETONS } = require('../shared-modules.cjs');
const { ReleaseError } = require('./store.cjs');
const { HOST_SHARES_FILE } = require('../perf/page-shares.cjs');

/** What the host's build writes beside its manifest: remote name -> the page modules its routes load. */
const REMOTE_PAGES_FILE = 'remote-pages.json';

/** Shared modules the host must provide itself (a remote's own copy would be a second instance). */
const HOST_PROVIDES = new Set([...SINGLETONS.map(([key]) => key).filter((key) => !key.endsWith('/')), '@mui/material/styles']);

/**
 * The shared modules of a manifest: name -> { version, requiredVersion }; with `hostOnly`, a remote's
 * host-shares.json, each of those too, marked `fromHostOnly`.
 */
function sharedOf(manifest, hostOnly = []) {
  const shared = new Map();
  for (const entry of manifest?.shared ?? []) shared.set(entry.name, entry);
  for (const entry of hostOnly) shared.set(entry.name, { ...shared.get(entry.name), ...entry, fromHostOnly: true });
  return shared;
}

function sharedProblems(side, candidate, host, hostOnly) {
  // required when used: the commands that load this module may run before the packages are installed
  const semver = require('semver');
  const provided = sharedOf(host);
  const problems = [];
  for (const [name, required] of sharedOf(candidate, hostOnly)) {
    const range = required.requiredVersion;
    const offered = provided.get(name);
    if (!offered) {
      if (required.fromHostOnly) problems.push(`${side}${name}: the remote takes it from the host (it has no copy of its own), and the live host does not provide it`);
      else if (HOST_PROVIDES.has(name)) problems.push(`${side}${name}: the remote shares it with the host, and the live host does not provide it`);
      continue;
    }
    if (typeof range !== 'string' || range === '*' || range === '') continue;
    if (!semver.validRange(range)) {
      problems.push(`${side}${name}: the remote requires "${range}", which is not a version range`);
    } else if (!semver.satisfies(offered.version, range, { includePrerelease: true })) {
      problems.push(`${side}${name}: the remote requires ${range}, the live host provides ${offered.version}`);
    }
  }
  return problems;
}

function exposeProblems(side, candidate, pages) {
  const exposed = new Set((candidate?.exposes ?? []).map((entry) => entry.path));
  return pages.filter((page) => !exposed.has(page)).map((page) => `${side}does not expose ${page}, which the live host's routes load`);
}

/**
 * @param {{ remote: string,
 *   candidate: { manifest: object, hostShares?: { name: string, requiredVersion: string | false }[], serverManifest?: object | null },
 *   host: { manifest: object, pages: Record<string, string[]>, serverManifest?: object | null } }} input
 * @returns {string[]} one line per mismatch, empty when the candidate may go live
 */
function compatibilityProblems({ remote, candidate, host }) {
  const pages = host.pages[remote];
  if (!Array.isArray(pages)) return [`the live host's routes name no pages of "${remote}" (${REMOTE_PAGES_FILE})`];
  const problems = [...exposeProblems('', candidate.manifest, pages), ...sharedProblems('', candidate.manifest, host.manifest, candidate.hostShares)];
  if (host.serverManifest) {
    if (!candidate.serverManifest) problems.push('server: has no server container (server/mf-manifest.json), and the live host renders its pages on the server');
    else problems.push(...exposeProblems('server: ', candidate.serverManifest, pages), ...sharedProblems('server: ', candidate.serverManifest, host.serverManifest));
  }
  return problems;
}

function readJsonIf(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/**
 * A built remote (a version's folder in the store, or a dist/): its browser manifest, what its browser build
 * takes from the host alone, and its server manifest.
 */
function readCandidate(dir) {
  const manifest = readJsonIf(path.join(dir, 'mf-manifest.json'));
  if (!manifest) throw new ReleaseError(`${dir} has no mf-manifest.json`);
  return { manifest, hostShares: readJsonIf(path.join(dir, HOST_SHARES_FILE)) ?? [], serverManifest: readJsonIf(path.join(dir, 'server', 'mf-manifest.json')) };
}

/**
 * The live host, from its build: `dir` is the host's dist/ (its render server's build beside it in
 * ../dist-server/, when it renders on the server).
 */
function readHost(dir) {
  const manifest = readJsonIf(path.join(dir, 'mf-manifest.json'));
  const pages = readJsonIf(path.join(dir, REMOTE_PAGES_FILE));
  if (!manifest || !pages) throw new ReleaseError(`${dir} is not a built host: it needs mf-manifest.json and ${REMOTE_PAGES_FILE}`);
  return { manifest, pages, serverManifest: readJsonIf(path.join(dir, '..', 'dist-server', 'mf-manifest.json')) };
}

/**
 * The live host as it is deployed, from its URL: its manifest and route pages (served beside its
 * page), and its render server's manifest at /server/mf-manifest.json when it renders on the server.
 */
async function fetchHost(url) {
  const get = async (file, optional = false) => {
    const response = await fetch(new URL(file, url.endsWith('/') ? url : `${url}/`), { signal: AbortSignal.timeout(10_000) });
    if (optional && response.status === 404) return null;
    if (!response.ok) throw new ReleaseError(`${url}: ${file} answered ${response.status}`);
    return response.json();
  };
  const [manifest, pages, serverManifest] = await Promise.all([get('mf-manifest.json'), get(REMOTE_PAGES_FILE), get('server/mf-manifest.json', true)]);
  return { manifest, pages, serverManifest };
}

module.exports = { HOST_PROVIDES, REMOTE_PAGES_FILE, compatibilityProblems, fetchHost, readCandidate, readHost };
