/**
 * The files the host serves at run time, made from env when it starts, so that moving a remote
 * or the API never rebuilds the host: /remotes.json (remote name -> manifest URL), /config.json and
 * /remote-integrity.json (the digests of each remote release's entry files: the browser refuses others).
 */
/**
 * The host server's session endpoint and the readable cookie beside its session cookie (whose
 * session it holds): session-routes.cjs answers it, the browser (shared-contracts server-session.ts)
 * learns both from /config.json.
 */
const SERVER_SESSION = { path: '/session', marker: 'utsav_session' };

const { REMOTES, readHostEnvironment } = require('./host-environment.cjs');

const baseUrl = (value, port) => (value || `http://localhost:${port}`).replace(/\/+$/, '');
/** REMOTE_<NAME>_URL as the host environment reads it. */
const remoteUrl = (settings, name) => settings[`REMOTE_${name.toUpperCase()}_URL`];

function manifestUrl(value, port) {
  const base = baseUrl(value, port);
  return base.endsWith('.json') ? base : `${base}/mf-manifest.json`;
}

/**
 * remote name -> its manifest URL. REMOTE_<NAME>_URL is where the remote is served (default its local
 * port); a URL ending in .json is the manifest itself. With RELEASES_DIR (the release store,
 * tooling/src/release/store.cjs), a remote served from the store is at its live version:
 * <url>/<version>/mf-manifest.json, read from the live pointer every time it is asked for, so a
 * promote or rollback reaches the next page load without a restart.
 */
function remotesJson(env = process.env) {
  // required here: the store reads REMOTES from this module
  const store = require('./release/store.cjs');
  const settings = readHostEnvironment(env);
  const live = settings.RELEASES_DIR ? store.liveVersions(store.storeDir(env)) : {};
  const remotes = {};
  for (const [name, port] of Object.entries(REMOTES)) {
    const value = remoteUrl(settings, name);
    const version = live[name];
    const pinned = value?.endsWith('.json');
    remotes[name] = version && !pinned ? manifestUrl(`${baseUrl(value, port)}/${version}`, port) : manifestUrl(value, port);
  }
  return remotes;
}

/**
 * The files of a release the browser is told the digests of: what it loads before anything else of the
 * remote (the manifest, by fetch; the entry, by script with Subresource Integrity).
 */
const BROWSER_ENTRY_FILES = ['mf-manifest.json', 'remoteEntry.js'];

/** Release records already checked (a version never changes): store, remote, version and key -> its digests or why it is refused. */
const checkedRecords = new Map();

function recordOf(dir, remote, version, env) {
  const store = require('./release/store.cjs');
  const signing = require('./release/signing.cjs');
  const cacheKey = [dir, remote, version, env[signing.publicKeyVariable(remote)] ?? '', env.NODE_ENV ?? ''].join('\0');
  if (checkedRecords.has(cacheKey)) return checkedRecords.get(cacheKey);
  let info;
  try {
    info = store.readRelease(dir, remote, version);
  } catch (error) {
    // not kept: a record being written appears whole, and is read again next time
    return { digests: {}, refused: error.message };
  }
  let refused = info.digests ? null : `${remote} ${version} records no digests of its files`;
  try {
    refused ??= signing.signatureProblem(info, signing.verifyingKeys(remote, env), env);
  } catch (error) {
    refused = error.message;
  }
  if (refused) console.error(`host: refusing ${remote} ${version}: ${refused} (its pages are drawn as for a remote that is down)`);
  const record = refused ? { digests: {}, refused } : { digests: info.digests };
  checkedRecords.set(cacheKey, record);
  return record;
}

/**
 * remote name -> the release it is served from: { version, base (its folder's URL, with a trailing /),
 * digests (file -> sha256-…, every file of the version) }, for each remote at a live version of the
 * release store (RELEASES_DIR, as remotesJson). A version whose record is not signed by the remote's
 * key (release/signing.cjs) or records no digests has `refused` (why) and no digests: nothing of it is
 * run, by the render server or by the browser. A remote served otherwise (a dev server, a pinned
 * manifest URL) has no entry.
 */
function liveReleases(env = process.env) {
  const settings = readHostEnvironment(env);
  if (!settings.RELEASES_DIR) return {};
  const store = require('./release/store.cjs');
  const dir = store.storeDir(env);
  const live = store.liveVersions(dir);
  const releases = {};
  for (const [name, port] of Object.entries(REMOTES)) {
    const value = remoteUrl(settings, name);
    const version = live[name];
    if (!version || value?.endsWith('.json')) continue;
    releases[name] = { version, base: `${baseUrl(value, port)}/${version}/`, ...recordOf(dir, name, version, env) };
  }
  return releases;
}

/**
 * What the browser is told of each remote's release (/remote-integrity.json, and in a server-rendered
 * page): its folder's URL and the digests of BROWSER_ENTRY_FILES; `refused` when nothing of it may run.
 */
function remoteIntegrity(releases = liveReleases()) {
  const integrity = {};
  for (const [name, { base, digests, refused }] of Object.entries(releases)) {
    integrity[name] = {
      base,
      digests: Object.fromEntries(BROWSER_ENTRY_FILES.filter((file) => digests[file]).map((file) => [file, digests[file]])),
      ...(refused ? { refused: true } : {}),
    };
  }
  return integrity;
}

function configJson(env = process.env) {
  const settings = readHostEnvironment(env);
  return {
    apiUrl: settings.API_PUBLIC_URL,
    firebase: {
      apiKey: settings.FIREBASE_API_KEY,
      authDomain: settings.FIREBASE_AUTH_DOMAIN,
      projectId: settings.FIREBASE_PROJECT_ID,
      ...(settings.FIREBASE_APP_ID ? { appId: settings.FIREBASE_APP_ID } : {}),
    },
    // only an explicit AUTH_EMULATOR_URL turns the emulator on (local runs set it), never a missing variable
    authEmulatorUrl: settings.AUTH_EMULATOR_URL,
    supportEmail: settings.SUPPORT_EMAIL,
    webVitalsSampleRate: settings.WEB_VITALS_SAMPLE_RATE,
    serverSession: SERVER_SESSION,
  };
}

function runtimeConfigFiles(env = process.env) {
  return {
    'remotes.json': JSON.stringify(remotesJson(env), null, 2),
    'config.json': JSON.stringify(configJson(env), null, 2),
    'remote-integrity.json': JSON.stringify(remoteIntegrity(liveReleases(env)), null, 2),
  };
}

module.exports = { BROWSER_ENTRY_FILES, REMOTES, SERVER_SESSION, configJson, liveReleases, remoteIntegrity, remotesJson, runtimeConfigFiles };
