/**
 * The files the host serves at run time, made from env when it starts, so that moving a remote
 * or the API never rebuilds the host: /remotes.json (remote name -> manifest URL) and /config.json.
 */
const { SESSION_PATH } = require('./session-routes.cjs');

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

function configJson(env = process.env) {
  return {
    apiUrl: (env.API_PUBLIC_URL || 'http://localhost:4000').replace(/\/+$/, ''),
    firebase: {
      apiKey: env.FIREBASE_API_KEY || 'demo-utsav-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || 'demo-utsav.firebaseapp.com',
      projectId: env.FIREBASE_PROJECT_ID || 'demo-utsav',
      ...(env.FIREBASE_APP_ID ? { appId: env.FIREBASE_APP_ID } : {}),
    },
    // only an explicit AUTH_EMULATOR_URL turns the emulator on (local runs set it), never a missing variable
    authEmulatorUrl: (env.AUTH_EMULATOR_URL ?? '').trim(),
    supportEmail: env.SUPPORT_EMAIL || 'support@utsav.example',
    // the host server's POST/DELETE /session (session-routes.cjs)
    sessionPath: SESSION_PATH,
  };
}

function runtimeConfigFiles(env = process.env) {
  return {
    'remotes.json': JSON.stringify(remotesJson(env), null, 2),
    'config.json': JSON.stringify(configJson(env), null, 2),
  };
}

module.exports = { REMOTES, remotesJson, configJson, runtimeConfigFiles };
