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

function manifestUrl(value, port) {
  const base = (value || `http://localhost:${port}`).replace(/\/+$/, '');
  return base.endsWith('.json') ? base : `${base}/mf-manifest.json`;
}

function remotesJson(env = process.env) {
  const remotes = {};
  for (const [name, port] of Object.entries(REMOTES)) {
    remotes[name] = manifestUrl(env[`REMOTE_${name.toUpperCase()}_URL`], port);
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
