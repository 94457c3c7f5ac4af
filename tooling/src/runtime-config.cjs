/**
 * The files the host serves at run time, made from env when it starts, so that moving a remote
 * or the API never rebuilds the host: /remotes.json (remote name -> manifest URL) and /config.json.
 */
/**
 * The host server's session endpoint and the readable cookie beside its session cookie (whose
 * session it holds): session-routes.cjs answers it, the browser (shared-contracts server-session.ts)
 * learns both from /config.json.
 */
const SERVER_SESSION = { path: '/session', marker: 'utsav_session' };

const REMOTES = { catalog: 3001, booking: 3002, checkout: 3003, account: 3004 };

const baseUrl = (value, port) => (value || `http://localhost:${port}`).replace(/\/+$/, '');

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
  const live = (env.RELEASES_DIR ?? '').trim() ? store.liveVersions(store.storeDir(env)) : {};
  const remotes = {};
  for (const [name, port] of Object.entries(REMOTES)) {
    const value = env[`REMOTE_${name.toUpperCase()}_URL`];
    const version = live[name];
    const pinned = value?.endsWith('.json');
    remotes[name] = version && !pinned ? manifestUrl(`${baseUrl(value, port)}/${version}`, port) : manifestUrl(value, port);
  }
  return remotes;
}

/** The API as the browser reaches it. */
function publicApiUrl(env = process.env) {
  return (env.API_PUBLIC_URL || 'http://localhost:4000').replace(/\/+$/, '');
}

function configJson(env = process.env) {
  return {
    apiUrl: publicApiUrl(env),
    firebase: {
      apiKey: env.FIREBASE_API_KEY || 'demo-utsav-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || 'demo-utsav.firebaseapp.com',
      projectId: env.FIREBASE_PROJECT_ID || 'demo-utsav',
      ...(env.FIREBASE_APP_ID ? { appId: env.FIREBASE_APP_ID } : {}),
    },
    // only an explicit AUTH_EMULATOR_URL turns the emulator on (local runs set it), never a missing variable
    authEmulatorUrl: (env.AUTH_EMULATOR_URL ?? '').trim(),
    supportEmail: env.SUPPORT_EMAIL || 'support@utsav.example',
    serverSession: SERVER_SESSION,
  };
}

function runtimeConfigFiles(env = process.env) {
  return {
    'remotes.json': JSON.stringify(remotesJson(env), null, 2),
    'config.json': JSON.stringify(configJson(env), null, 2),
  };
}

module.exports = { REMOTES, SERVER_SESSION, configJson, publicApiUrl, remotesJson, runtimeConfigFiles };
