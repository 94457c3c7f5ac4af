/**
 * What the host server refuses to start with under NODE_ENV=production: any local stand-in in the
 * runtime config it hands the browser (the Auth emulator, the demo Firebase project, the payment
 * sandbox, the local defaults) and any address the browser would reach over plain http or on its own machine.
 */
const { REMOTES } = require('./runtime-config.cjs');

// this machine, as URL normalises it (127.1 is 127.0.0.1, [::ffff:127.0.0.1] is [::ffff:7f00:1]); the API's
// productionProblems (api/src/config.ts) refuses the same for its public addresses
const LOOPBACK = /^(localhost\.?|.+\.localhost\.?|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\])$/i;
const SANDBOX_PORT = '4010';
// quoted, so that whatever a variable holds the refusal stays one line
const shown = (value) => JSON.stringify(value);

/** @returns {string | null} why `value` is not a production https address of `name` */
function urlProblem(name, value, { sandbox = false } = {}) {
  if (!value?.trim()) return `${name} is not set, so the local default would be used`;
  let url;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a URL (${shown(value)})`;
  }
  if (sandbox && (LOOPBACK.test(url.hostname) || url.port === SANDBOX_PORT)) {
    return `${name} is the local payment sandbox (${shown(value)}): production takes Razorpay's checkout script`;
  }
  if (url.protocol !== 'https:') return `${name} must be an https URL, not ${shown(value)}`;
  // every browser would reach for its own machine: a forgotten local value, never the deployment
  if (LOOPBACK.test(url.hostname)) return `${name} points at this machine (${shown(value)}), not a public address`;
  return null;
}

function firebaseProblem(name, value) {
  if (!value?.trim()) return `${name} is not set, so the browser would get the demo-utsav emulator project's config`;
  if (value.trim().startsWith('demo-')) return `${name} is a demo project (${shown(value)}), which only the Auth emulator knows`;
  return null;
}

/**
 * The first reason the host's runtime config is not fit for production, as one line naming the
 * variable, or null when it is.
 * @param {NodeJS.ProcessEnv} env
 */
function productionProblem(env) {
  const checks = [
    () =>
      env.AUTH_EMULATOR_URL?.trim()
        ? `AUTH_EMULATOR_URL is set (${shown(env.AUTH_EMULATOR_URL)}): the browser would sign in against the Auth emulator; unset it`
        : null,
    () => firebaseProblem('FIREBASE_API_KEY', env.FIREBASE_API_KEY),
    () => firebaseProblem('FIREBASE_PROJECT_ID', env.FIREBASE_PROJECT_ID),
    () => firebaseProblem('FIREBASE_AUTH_DOMAIN', env.FIREBASE_AUTH_DOMAIN),
    () => urlProblem('API_PUBLIC_URL', env.API_PUBLIC_URL),
    () => urlProblem('PAYMENT_CHECKOUT_URL', env.PAYMENT_CHECKOUT_URL, { sandbox: true }),
    ...Object.keys(REMOTES).map((name) => () => urlProblem(`REMOTE_${name.toUpperCase()}_URL`, env[`REMOTE_${name.toUpperCase()}_URL`])),
    () =>
      (env.SESSION_COOKIE_SECURE ?? '').trim().toLowerCase() === 'false'
        ? 'SESSION_COOKIE_SECURE is false: the session cookie would travel over plain http and lose its __Host- name; unset it'
        : null,
  ];
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
}

module.exports = { productionProblem };
