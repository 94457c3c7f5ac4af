/**
 * The headers every Utsav app answers with, and the host page's Content-Security-Policy, made from
 * the same runtime config the host is started with (remotes.json, config.json, the payment
 * checkout script), so the policy allows exactly the origins the app talks to and nothing else.
 */
const crypto = require('node:crypto');
const { readHostEnvironment } = require('./host-environment.cjs');
const { remotesJson, configJson } = require('./runtime-config.cjs');

/** Every response: no MIME sniffing, no full URLs to other sites, assets loadable by the host. */
const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** Two years, subdomains included: the same policy as the API's (api/src/http/security-headers.ts). */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Strict-Transport-Security for a request that reached the deployment over https: over TLS to this
 * server, or to the proxy in front of it (X-Forwarded-Proto). Never on plain http: browsers ignore
 * it there, and on localhost it would pin local development to https. A client forging the header
 * over plain http gains nothing, since the browser ignores HSTS on an http answer.
 * @param {import('node:http').IncomingMessage} req
 */
function transportHeaders(req) {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim().toLowerCase();
  return req.socket?.encrypted || forwarded === 'https' ? { 'Strict-Transport-Security': HSTS } : {};
}

// Firebase Auth in production (no emulator): its REST APIs and the reCAPTCHA behind phone sign-in.
const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
// Razorpay's real checkout opens its payment form from api.razorpay.com.
const RAZORPAY_FRAMES = ['https://api.razorpay.com'];

const originOf = (url) => new URL(url).origin;
const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * The inline scripts a built page carries (the early-input script, perf/early-input.js), each allowed
 * by its hash: data blocks (type="application/json") and scripts with a src are not inline code.
 * @param {string} html
 */
function inlineScriptsOf(html) {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\b(src|type)\s*=/.test(attributes))
    .map(([, , code]) => code)
    .filter(Boolean);
}

const scriptHash = (code) => `'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} inlineScripts the page's own inline scripts (inlineScriptsOf), allowed by hash
 */
function contentSecurityPolicy(env = process.env, inlineScripts = []) {
  const config = configJson(env);
  const remotes = Object.values(remotesJson(env)).map(originOf);
  const checkout = originOf(readHostEnvironment(env).PAYMENT_CHECKOUT_URL);
  const api = originOf(config.apiUrl);
  const realFirebase = !config.authEmulatorUrl;
  const realRazorpay = checkout === 'https://checkout.razorpay.com';
  const directives = {
    'default-src': ["'self'"],
    // the remotes' chunks and the payment provider's checkout script; the page's own inline scripts by
    // hash only (no 'unsafe-inline'), no eval
    'script-src': ["'self'", ...remotes, checkout, ...(realFirebase ? [...RECAPTCHA, 'https://apis.google.com'] : []), ...inlineScripts.map(scriptHash)],
    // MUI's emotion writes <style> elements at run time
    'style-src': ["'self'", "'unsafe-inline'"],
    // the catalog's pictures come from this origin (/media/, media-proxy.cjs); profile photos from the API's /uploads/
    'img-src': ["'self'", 'data:', 'blob:', api],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...remotes,
      api,
      checkout,
      ...(realFirebase ? FIREBASE_CONNECT : [originOf(config.authEmulatorUrl)]),
      ...(realRazorpay ? RAZORPAY_FRAMES : []),
    ],
    'frame-src': [
      ...(realFirebase ? [...RECAPTCHA, `https://${config.firebase.authDomain}`] : []),
      ...(realRazorpay ? RAZORPAY_FRAMES : []),
    ],
    // the host's service worker (/sw.js, from its own origin's root); no other worker
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${unique(sources).join(' ') || "'none'"}`)
    .join('; ');
}

/**
 * The host's HTML pages: the policy, no framing, and only the device features the app uses.
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} inlineScripts the pages' own inline scripts (inlineScriptsOf)
 */
function pageHeaders(env = process.env, inlineScripts = []) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, inlineScripts),
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

module.exports = { COMMON_HEADERS, HSTS, contentSecurityPolicy, inlineScriptsOf, pageHeaders, transportHeaders };
