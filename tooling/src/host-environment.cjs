/**
 * The host server's environment (tooling/src/serve.cjs with --runtime-config): one zod schema holding every
 * variable it reads, how it is read, its default, what it means and what production requires. The server
 * reads it once at start (a bad value stops it with one line naming the variable); the runtime config, the
 * session routes and the page's headers read their settings through it. docs/configuration.md's host table
 * is written from it (`npm run docs:config`; api/test/config-docs.test.ts fails when it drifts).
 * The API's own environment is api/src/config.ts, built the same way.
 */
const { z } = require('zod');
const { LOOPBACK_HOST: LOOPBACK, flag, httpUrl, port, productionProblems, publicHttps, reader, readEnvironment, text, variable, wholeNumber } = require('./environment.cjs');
const { PAYMENT_SANDBOX_PORT } = require('./local-stand-ins.cjs');

/** The remotes the host federates, with their local development ports. */
const REMOTES = { catalog: 3001, booking: 3002, checkout: 3003, account: 3004, provider: 3005 };

const DEFAULT_API_URL = 'http://localhost:4000';
const DEFAULT_CHECKOUT_URL = `http://localhost:${PAYMENT_SANDBOX_PORT}/v1/checkout.js`;
// quoted, so that whatever a variable holds the refusal stays one line
const shown = (value) => JSON.stringify(value);

/** Production rule: a public https address, never a local default. */
const publicAddress = publicHttps('the local default would be used');

/** Production rule for the checkout script: Razorpay's, public and https, never the local payment sandbox's. */
function checkoutScript(value, name) {
  const url = value && URL.canParse(value) ? new URL(value) : undefined;
  if (url && (LOOPBACK.test(url.hostname) || url.port === String(PAYMENT_SANDBOX_PORT))) {
    return `${name} is the local payment sandbox (${shown(value)}): production takes Razorpay's checkout script`;
  }
  return publicAddress(value, name);
}

/** Production rule: a real Firebase project's setting, never the emulator's demo project. */
function realFirebase(name, value) {
  if (!value) return `${name} is not set, so the browser would get the demo-utsav emulator project's config`;
  if (value.startsWith('demo-')) return `${name} is a demo project (${shown(value)}), which only the Auth emulator knows`;
  return null;
}

const remoteUrls = Object.fromEntries(
  Object.entries(REMOTES).map(([name, remotePort]) => [
    `REMOTE_${name.toUpperCase()}_URL`,
    variable(httpUrl(undefined), {
      usedBy: 'host server',
      default: `\`http://localhost:${remotePort}\``,
      meaning: `where the ${name} remote is deployed: its base URL (with a release store, \`<url>/<live version>/mf-manifest.json\`) or a pinned \`mf-manifest.json\` URL; \`/remotes.json\` is made from it`,
      inProduction: 'public https',
      production: publicAddress,
    }),
  ]),
);

const remotePublicKeys = Object.fromEntries(
  Object.keys(REMOTES).map((name) => [
    `REMOTE_${name.toUpperCase()}_PUBLIC_KEY`,
    variable(text(undefined), {
      usedBy: 'host server, release commands',
      default: 'the development key',
      meaning: `the ${name} team's Ed25519 public key (SPKI PEM or base64 DER) each release of that remote must be signed with; two (PEM blocks, or comma-separated) while the team rotates its key (tooling/src/release/signing.cjs, docs/operations.md)`,
      inProduction: 'required for a remote served from the release store, never the development key',
    }),
  ]),
);

/** Every variable of the host server, in the order of its production rules and of the documentation's table. */
const hostEnvironment = z.object({
  NODE_ENV: variable(text(undefined), {
    usedBy: 'host server',
    default: 'unset',
    meaning: '`production` is the one production switch: the host server refuses to start (exit 1, one line naming the variable) on any local stand-in or development default (docs/security.md)',
  }),
  PORT: variable(port(undefined), { usedBy: 'host server (and each app `utsav-serve` serves)', default: "the app's port (DESIGN.md), `3000` for the host", meaning: 'the port to listen on' }),
  AUTH_EMULATOR_URL: variable(text(''), {
    usedBy: 'host server',
    default: 'unset (no emulator); `npm start`, `npm run dev` and `npm test` set `http://127.0.0.1:9099`',
    meaning: 'the Auth emulator as the browser reaches it; only this variable turns it on, never inferred',
    inProduction: 'refused',
    production: (value, name) => (value ? `${name} is set (${shown(value)}): the browser would sign in against the Auth emulator; unset it` : null),
  }),
  FIREBASE_API_KEY: variable(text('demo-utsav-key'), { usedBy: 'host server', default: 'the `demo-utsav` emulator project\'s', meaning: "the Firebase web config's API key", inProduction: 'required, a real project', production: (value, name) => realFirebase(name, value) }),
  FIREBASE_PROJECT_ID: variable(text('demo-utsav'), { usedBy: 'host server', default: '`demo-utsav`', meaning: 'the Firebase project the browser signs in to', inProduction: 'required, never `demo-*`', production: (value, name) => realFirebase(name, value) }),
  FIREBASE_AUTH_DOMAIN: variable(text('demo-utsav.firebaseapp.com'), { usedBy: 'host server', default: '`demo-utsav.firebaseapp.com`', meaning: "the Firebase web config's auth domain", inProduction: 'required, a real project', production: (value, name) => realFirebase(name, value) }),
  FIREBASE_APP_ID: variable(text(undefined), { usedBy: 'host server', default: 'unset', meaning: "the Firebase web config's app id" }),
  API_PUBLIC_URL: variable(httpUrl(DEFAULT_API_URL), {
    usedBy: 'host server',
    default: `\`${DEFAULT_API_URL}\``,
    meaning: 'the API as the browser reaches it (in `/config.json`)',
    inProduction: 'public https',
    production: publicAddress,
  }),
  PAYMENT_CHECKOUT_URL: variable(httpUrl(DEFAULT_CHECKOUT_URL), {
    usedBy: 'host server',
    default: `\`${DEFAULT_CHECKOUT_URL}\``,
    meaning: "the payment provider's checkout script (the API's `RAZORPAY_CHECKOUT_URL`): its origin is allowed by the page's Content-Security-Policy, which is built at start from this, the remotes, the API and Firebase (`tooling/src/security-headers.cjs`)",
    inProduction: "public https, not the sandbox's",
    production: checkoutScript,
  }),
  ...remoteUrls,
  SESSION_COOKIE_SECURE: variable(
    flag(true),
    {
      usedBy: 'host server',
      default: '`true`',
      meaning: '`false` drops `Secure` from the session cookies (and names the session cookie `__session`, as a `__Host-` cookie must be Secure): only for a plain-http run reached by another name than localhost',
      inProduction: '`false` refused',
      production: (value, name) => (value?.toLowerCase() === 'false' ? `${name} is false: the session cookie would travel over plain http and lose its __Host- name; unset it` : null),
    },
  ),
  API_INTERNAL_URL: variable(httpUrl(undefined), {
    usedBy: 'host server',
    default: '`API_PUBLIC_URL`',
    meaning: 'the API as the host server reaches it (its `POST /session` asks the API for the session cookie; the render server makes every page\'s data calls there)',
  }),
  RELEASES_DIR: variable(text(undefined), {
    usedBy: 'host server, release commands',
    default: 'unset for the host server (remotes at their URLs); `.data/releases` for the release commands (`npm test`: `.data/e2e/releases`)',
    meaning: 'the release store ([Releasing a remote](releasing.md)); set for the host server, `/remotes.json` and the server render follow its live pointers',
  }),
  ...remotePublicKeys,
  RELEASE_KEYS_DIR: variable(text(undefined), { usedBy: 'host server, release commands', default: '`.data/release-keys`', meaning: 'where the development key pair is made (off production only)' }),
  METRICS_TOKEN: variable(text(undefined), {
    usedBy: 'host server',
    default: 'unset (no `/metrics`)',
    meaning: "the bearer token Prometheus sends for the render server's `GET /metrics` (docs/operations.md); without it the route does not exist",
    secret: true,
    inProduction: 'at least 32 characters when set',
    production: (value) => (value && value.length < 32 ? `METRICS_TOKEN is shorter than 32 characters (${value.length})` : null),
  }),
  SSR_RENDER_TIMEOUT_MS: variable(wholeNumber(1000), { usedBy: 'host server', default: '`1000`', meaning: 'how long a page may take on the server (its code, the session check, its data, the render) before the static shell is sent and the browser draws it' }),
  REMOTE_CHECK_MS: variable(wholeNumber(2000), { usedBy: 'host server', default: '`2000`', meaning: "how often the render server checks the remotes' manifests for a new deployment" }),
  TZ: variable(text(undefined), { usedBy: 'host server', default: '`Asia/Kolkata` when rendering', meaning: "the time zone pages are drawn in on the server (the users' own)" }),
  SUPPORT_EMAIL: variable(text('support@utsav.example'), { usedBy: 'host server', default: '`support@utsav.example`', meaning: 'the support address shown to users' }),
  WEB_VITALS_SAMPLE_RATE: variable(
    reader((value, fail) => {
      const rate = value === undefined ? 0.1 : Number(value);
      if (!Number.isFinite(rate) || rate < 0 || rate > 1) fail(`must be a fraction from 0 to 1, got "${value}"`);
      return rate;
    }),
    { usedBy: 'host server', default: '`0.1`', meaning: "the share of page loads that report their web vitals to the API (`POST /vitals`, docs/operations.md); `0`: none" },
  ),
});

/**
 * The host server's settings from `env`; a bad value is an EnvironmentError naming the variable and what it expects.
 * @param {NodeJS.ProcessEnv} env
 */
function readHostEnvironment(env = process.env) {
  // read once per set of values: the runtime config asks on every page render and /remotes.json, with the same ones
  const values = Object.keys(hostEnvironment.shape).map((name) => env[name] ?? '').join('\0');
  if (lastRead?.values !== values) lastRead = { values, settings: readEnvironment(hostEnvironment, env) };
  return lastRead.settings;
}
/** @type {{ values: string, settings: ReturnType<typeof readEnvironment> } | undefined} */
let lastRead;

/**
 * The first reason the host's runtime config is not fit for production, as one line naming the variable,
 * or null when it is (the variables' production rules, in the schema's order).
 * @param {NodeJS.ProcessEnv} env
 */
function productionProblem(env) {
  return productionProblems(hostEnvironment, env)[0] ?? null;
}

module.exports = { REMOTES, hostEnvironment, productionProblem, readHostEnvironment };
