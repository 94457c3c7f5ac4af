import fs from 'node:fs';
import path from 'node:path';
import { PROFILE_PHOTO_MAX_BYTES } from '@utsav/contracts/schemas';

/** Settings read from the environment once at start. Every value has a local-development default. */
export interface Config {
  PORT: number;
  HOST: string;
  /** A PostgreSQL server; when unset the API uses embedded PGlite in DATA_DIR. */
  DATABASE_URL: string | undefined;
  /** PostgreSQL: how long connecting (or waiting for a pooled connection) may take before the query fails. 0: no limit. */
  DATABASE_CONNECT_TIMEOUT_MS: number;
  /** PostgreSQL: the server cancels a statement running longer (migrations are exempt). 0: no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATA_DIR: string;
  /** Browser origins allowed by CORS: the host shell and the four remotes. */
  APP_ORIGINS: string[];
  FIREBASE_PROJECT_ID: string;
  /**
   * host:port of the Firebase Auth emulator, or undefined (unset or empty) for real Firebase. Never inferred:
   * every local runner sets it. Refused under NODE_ENV=production: the emulator accepts unsigned tokens.
   */
  FIREBASE_AUTH_EMULATOR_HOST: string | undefined;
  /** How long a verified ID token is trusted without asking Firebase again (never past its own expiry). 0: ask every time. */
  AUTH_TOKEN_CACHE_MS: number;
  BODY_LIMIT_BYTES: number;
  /** Where uploaded photos are stored; defaults to DATA_DIR/uploads. Unused when UPLOADS_BUCKET is set. */
  UPLOADS_DIR: string;
  /**
   * The Cloud Storage bucket uploaded photos are stored in instead (through Firebase Storage, objects
   * `uploads/<fileName>`), e.g. `utsav-prod.firebasestorage.app`; undefined (unset or empty): UPLOADS_DIR.
   */
  UPLOADS_BUCKET: string | undefined;
  /**
   * host:port of the Firebase Storage emulator UPLOADS_BUCKET is reached through, or undefined (unset or empty)
   * for real Cloud Storage. Never inferred. Refused under NODE_ENV=production.
   */
  FIREBASE_STORAGE_EMULATOR_HOST: string | undefined;
  /** The largest photo accepted by POST /users/consumer/upload/:uid (5 MiB). */
  UPLOAD_LIMIT_BYTES: number;
  /** How many uploaded photos one user may have stored at a time (used or not yet cleaned up); more get 429. */
  UPLOAD_QUOTA_FILES: number;
  /** How many bytes of stored photos one user may have at a time; an upload that would pass it gets 429. */
  UPLOAD_QUOTA_BYTES: number;
  /** How old an upload that no profile uses must be before the cleanup job deletes it (file and row). */
  UPLOAD_UNUSED_GRACE_MS: number;
  /** How often the API deletes unused uploads older than UPLOAD_UNUSED_GRACE_MS. 0: never. */
  UPLOAD_CLEANUP_INTERVAL_MS: number;
  /** Who issues the GST tax invoices (Utsav's legal name, address, state and GSTIN): printed on each invoice. */
  INVOICE_SELLER: { name: string; address: string; state: string; gstin: string };
  /** How often the API asks Razorpay again for refunds still due (it could not take them when they fell due). 0: never. */
  REFUND_RETRY_INTERVAL_MS: number;
  /** The API's address as browsers reach it, without a trailing slash: upload urls are built on it. */
  PUBLIC_API_URL: string;
  PAYMENT_SANDBOX_PORT: number;
  /** Razorpay's public key id (checkout is opened with it) and its secret (basic auth, payment signatures). */
  RAZORPAY_KEY_ID: string;
  RAZORPAY_KEY_SECRET: string;
  /** The secret webhooks are signed with (X-Razorpay-Signature), set per webhook in Razorpay's dashboard. */
  RAZORPAY_WEBHOOK_SECRET: string;
  /** The Orders API the API calls: the sandbox locally, https://api.razorpay.com for real. */
  RAZORPAY_API_URL: string;
  /** The checkout script the page loads (GET /payment/config): https://checkout.razorpay.com/v1/checkout.js for real. */
  RAZORPAY_CHECKOUT_URL: string;
  /** Sandbox only: where it POSTs its webhooks (the API's /payment/webhook). */
  PAYMENT_WEBHOOK_URL: string;
  /** Sandbox only: how long it waits before sending a webhook (to simulate late ones). */
  PAYMENT_WEBHOOK_DELAY_MS: number;
  /**
   * The SMTP server notification emails go out through (smtp:// or smtps://, credentials in the URL):
   * the local message catcher by default, a real relay in production.
   */
  SMTP_URL: string;
  /** The From of notification emails, e.g. `Utsav <bookings@utsav.in>`. */
  MAIL_FROM: string;
  /** The SMS provider's API (`POST <url>/v1/messages`): the local message catcher by default. */
  SMS_API_URL: string;
  /** The SMS provider's API key (`Authorization: Bearer …`). */
  SMS_API_KEY: string;
  /** The sender id texts are sent under (1–11 letters or digits; in India the registered 6-letter header). */
  SMS_SENDER: string;
  /**
   * On SIGTERM, how long the API keeps taking requests with GET /ready at 503 (the load balancer's time to
   * notice) before it stops taking them and finishes those in flight. 0: at once.
   */
  SHUTDOWN_DRAIN_MS: number;
  /** How often the API sends the notifications' emails and texts that are due (notification-sender.ts). 0: never. */
  NOTIFICATION_SEND_INTERVAL_MS: number;
  /** How long a sender holds the deliveries it claimed: one that died lets them go to another sender after this. */
  NOTIFICATION_LEASE_MS: number;
  /** Where the app is, for the links in emails and texts (the host shell's origin, no trailing slash). */
  PUBLIC_APP_URL: string;
  /** Message catcher only: its HTTP port (the SMS API, the mailbox's JSON and its page). */
  MESSAGE_CATCHER_PORT: number;
  /** Message catcher only: its SMTP port. */
  MAIL_CATCHER_SMTP_PORT: number;
  LOG_LEVEL: string;
  /**
   * When set, the provider stand-in accepts each booking request (of a provider without an account)
   * once it is this many milliseconds old. Unset (or 0): never. `npm start` sets 5000.
   */
  PROVIDER_AUTO_ACCEPT_MS: number | undefined;
  /**
   * Writes (POST/PUT/PATCH/DELETE on signed-in routes) one user may make per minute; more get 429.
   * 0 turns the limit off (the bench does, to measure the API rather than the limit).
   */
  WRITE_RATE_LIMIT_PER_MINUTE: number;
  /** Public reads (catalog, search, media, offers: GETs without a token, /health aside) one IP may make per minute; more get 429. 0: off. */
  PUBLIC_READ_RATE_LIMIT_PER_MINUTE: number;
  /** Requests with a rejected token (401) one IP may make per minute; then its rejected tokens get 429 until the minute is over (valid ones still pass). 0: off. */
  AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: number;
  /**
   * Where the rate limits count: 'database' (shared by every API instance on the PostgreSQL server) or
   * 'memory' (this process). Default: 'database' when DATABASE_URL is set, else 'memory'.
   */
  RATE_LIMIT_STORE: 'database' | 'memory';
  /**
   * The reverse proxies in front of the API (addresses, CIDRs, or `loopback`/`linklocal`/`uniquelocal`) whose
   * X-Forwarded-For / X-Forwarded-Proto are believed. Empty (the default) or `none`: none, the socket's address is the
   * client's. Production requires it set (`none` included).
   */
  TRUST_PROXY: string[];
}

type Env = Record<string, string | undefined>;

/** The api package's folder, found from wherever this code runs (src/ under tsx/jest, the dist/ bundle). */
export const API_ROOT = findApiRoot(__dirname);
export const REPO_ROOT = path.resolve(API_ROOT, '..');

function findApiRoot(start: string): string {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'migrations')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  throw new Error(`api package root not found above ${start}`);
}

/**
 * Local development's Razorpay settings, shared by the sandbox and the API so they work together out of
 * the box. Not secrets: they only open the local sandbox. Real keys come from the environment.
 */
export const RAZORPAY_LOCAL = Object.freeze({
  KEY_ID: 'rzp_test_utsav_local',
  KEY_SECRET: 'utsav_local_key_secret_for_the_payment_sandbox',
  WEBHOOK_SECRET: 'utsav_local_webhook_secret_for_the_payment_sandbox',
});

/**
 * Local development's notification settings: the message catcher's (api/src/message-catcher), which the API
 * sends to out of the box. Not secrets: the key only opens the local catcher. Real ones come from the environment.
 */
export const NOTIFICATIONS_LOCAL = Object.freeze({
  MESSAGE_CATCHER_PORT: 4020,
  MAIL_CATCHER_SMTP_PORT: 1025,
  MAIL_FROM: 'Utsav <bookings@utsav.local>',
  SMS_API_KEY: 'utsav_local_sms_stand_in_key',
  SMS_SENDER: 'UTSAVB',
});

/** What the notification channels (notifications/channels.ts) are made from. */
export type NotificationChannelsConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_API_URL' | 'SMS_API_KEY' | 'SMS_SENDER'>;

/** Half a minute: a revoked session or a deleted account (elsewhere than this process) is refused within it. */
export const DEFAULT_AUTH_TOKEN_CACHE_MS = 30_000;
/** Two writes a second, sustained for a minute: far above what a person does in the app, low enough to stop a script. */
export const DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE = 120;
/** Ten a second for a minute from one address: a person browsing (cards, their images) stays far below, a scraper does not. */
export const DEFAULT_PUBLIC_READ_RATE_LIMIT_PER_MINUTE = 600;
/** An app whose token went stale fails a few times and refreshes it; 30 rejected tokens a minute is a script. */
export const DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE = 30;
/** Far more than a person changing their photo needs (unused ones go after a day), too little for one account to fill a disk. */
export const DEFAULT_UPLOAD_QUOTA_FILES = 20;
export const DEFAULT_UPLOAD_QUOTA_BYTES = 20 * 1024 * 1024;
/** A day: onboarding uploads the photo before it posts the profile, and a person may leave the form open. */
export const DEFAULT_UPLOAD_UNUSED_GRACE_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Two seconds: a notification's email or text goes out within about that of its change. */
export const DEFAULT_NOTIFICATION_SEND_INTERVAL_MS = 2000;
/** A minute: far longer than a batch takes (each send is bounded), short enough that a dead sender's work moves on. */
export const DEFAULT_NOTIFICATION_LEASE_MS = 60_000;
export const DEFAULT_REFUND_RETRY_INTERVAL_MS = 5 * 60 * 1000;
/**
 * A database that hangs must fail queries, not hold them (and every request waiting on them) for ever: 5 s to get
 * a connection, 15 s for one statement (the slowest page's queries take milliseconds; migrations lift it).
 */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS = 15_000;
/** The invoices' seller where none is configured: says plainly it is not a real business (refused in production). */
export const LOCAL_INVOICE_SELLER = Object.freeze({
  name: 'Utsav (local development)',
  address: 'Not a real business: a local development build',
  state: 'Karnataka',
  gstin: 'NOT REGISTERED',
});
/** A GSTIN: two digits of the state, a PAN (5 letters, 4 digits, a letter), an entity digit or letter, Z, a check character. */
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const DEV_PORTS = [3000, 3001, 3002, 3003, 3004];
const DEFAULT_APP_ORIGINS = [
  ...DEV_PORTS.map((port) => `http://localhost:${port}`),
  ...DEV_PORTS.map((port) => `http://127.0.0.1:${port}`),
];

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`${name} must be a port number, got "${raw}"`);
  return port;
}

function readPositiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** A positive whole number, or undefined when unset, empty or 0 (off). */
function readOptionalPositiveInt(env: Env, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw || raw === '0') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number of milliseconds, got "${raw}"`);
  return value;
}

function readNonNegativeInt(env: Env, name: string, fallback: number, unit = 'milliseconds'): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of ${unit} (0 or more), got "${raw}"`);
  return value;
}

function readList(raw: string | undefined, fallback: string[]): string[] {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

function readHttpUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) address, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) address, got "${raw}"`);
  if (url.search || url.hash) throw new ConfigError(`${name} must not have a query or fragment, got "${raw}"`);
  return url.href.replace(/\/+$/, '');
}

function readRateLimitStore(env: Env): Config['RATE_LIMIT_STORE'] {
  const value = env.RATE_LIMIT_STORE?.trim();
  if (!value) return env.DATABASE_URL?.trim() ? 'database' : 'memory';
  if (value !== 'database' && value !== 'memory') throw new ConfigError(`RATE_LIMIT_STORE must be "database" or "memory", got "${value}"`);
  return value;
}

/** An smtp:// or smtps:// address (nodemailer's connection URL: credentials and options may ride in it). */
function readSmtpUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an smtp:// or smtps:// address`);
  }
  // the value itself is not repeated: it may carry the relay's password
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`${name} must be an smtp:// or smtps:// address, not ${url.protocol.replace(/:$/, '')}`);
  if (!url.hostname) throw new ConfigError(`${name} must name the SMTP server's host`);
  return raw;
}

/** One address, bare or with a display name: `bookings@utsav.in`, `Utsav <bookings@utsav.in>`. */
const MAIL_ADDRESS = /^(?:[^<>]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

function readMailFrom(env: Env): string {
  const from = env.MAIL_FROM?.trim() || NOTIFICATIONS_LOCAL.MAIL_FROM;
  if (!MAIL_ADDRESS.test(from)) throw new ConfigError(`MAIL_FROM must be one address, e.g. "Utsav <bookings@utsav.in>", got "${from}"`);
  return from;
}

/** An SMS sender id as the networks take it: 1–11 letters or digits. */
function readSmsSender(env: Env): string {
  const sender = env.SMS_SENDER?.trim() || NOTIFICATIONS_LOCAL.SMS_SENDER;
  if (!/^[A-Za-z0-9]{1,11}$/.test(sender)) throw new ConfigError(`SMS_SENDER must be 1 to 11 letters or digits, got "${sender}"`);
  return sender;
}

/** TRUST_PROXY's explicit "no proxy in front: the socket's address is the client's". */
export const TRUST_NO_PROXY = 'none';

/**
 * The proxies' addresses. `true` (believe anyone: any client could pick its own address) and hop counts
 * (Fastify trusts nobody with those, as it cannot tell the proxy from a client) are refused at start.
 */
function readTrustProxy(env: Env): string[] {
  const proxies = readList(env.TRUST_PROXY, []);
  // `none`: said out loud that no proxy stands in front (production requires TRUST_PROXY to be set)
  if (proxies.length === 1 && proxies[0] === TRUST_NO_PROXY) return [];
  if (proxies.includes(TRUST_NO_PROXY)) throw new ConfigError(`TRUST_PROXY is either "${TRUST_NO_PROXY}" or the proxies' addresses, not both`);
  if (proxies.some((item) => item === 'true' || /^\d+$/.test(item))) {
    throw new ConfigError(`TRUST_PROXY must list the proxies' addresses or CIDRs (e.g. 10.0.0.0/8), not "${env.TRUST_PROXY?.trim()}"`);
  }
  return proxies;
}

/** Only when set: a deployment that forgot a variable must reach real Firebase, never whatever answers on :9099. */
function readEmulatorHost(env: Env): string | undefined {
  return env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined;
}

/** A Cloud Storage bucket name: 3 to 222 lowercase letters, digits, dashes, underscores and dots, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

function readUploadsBucket(env: Env): string | undefined {
  const bucket = env.UPLOADS_BUCKET?.trim();
  if (!bucket) return undefined;
  if (!BUCKET_NAME.test(bucket)) throw new ConfigError(`UPLOADS_BUCKET must be a bucket's name (e.g. utsav-prod.firebasestorage.app, without gs://), got "${bucket}"`);
  return bucket;
}

/** Only when set, as host:port (firebase-admin refuses a scheme): never whatever answers on :9199. */
function readStorageEmulatorHost(env: Env): string | undefined {
  const host = env.FIREBASE_STORAGE_EMULATOR_HOST?.trim();
  if (!host) return undefined;
  if (!/^(?:\[[0-9a-f:.]+\]|[^\s/:[\]@]+):\d{1,5}$/i.test(host)) {
    throw new ConfigError(`FIREBASE_STORAGE_EMULATOR_HOST must be host:port (e.g. 127.0.0.1:9199, without http://), got "${host}"`);
  }
  return host;
}

/** Live keys with the local secrets would sign with publicly known values: refuse to start. */
function readRazorpayKeys(env: Env): Pick<Config, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET'> {
  const keys = {
    RAZORPAY_KEY_ID: env.RAZORPAY_KEY_ID?.trim() || RAZORPAY_LOCAL.KEY_ID,
    RAZORPAY_KEY_SECRET: env.RAZORPAY_KEY_SECRET?.trim() || RAZORPAY_LOCAL.KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: env.RAZORPAY_WEBHOOK_SECRET?.trim() || RAZORPAY_LOCAL.WEBHOOK_SECRET,
  };
  if (keys.RAZORPAY_KEY_ID !== RAZORPAY_LOCAL.KEY_ID) {
    for (const name of ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      if (!env[name]?.trim()) throw new ConfigError(`${name} must be set when RAZORPAY_KEY_ID is not the local sandbox's key`);
    }
  }
  return keys;
}

/** A setting the API or the sandbox must not start with. The servers print its message (one line, no stack) and exit 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The one production switch: under it the local stand-ins' settings are start-up errors (productionProblems). */
export function isProduction(env: Env): boolean {
  return env.NODE_ENV?.trim() === 'production';
}

// this machine: the sandbox, a forgotten default, or a tunnel — never the real service. URL has already
// normalised the spellings (127.1 and 0x7f.1 are 127.0.0.1, [::ffff:127.0.0.1] is [::ffff:7f00:1])
const LOOPBACK_HOST = /^(localhost\.?|.+\.localhost\.?|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\])$/i;

/** Why `name` is not a real SMTP server's address (unset, not smtp(s), this machine), or undefined when it is. */
function notRealSmtpServer(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return `${name} is not set (the default is the local message catcher)`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${name} is not an address`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `${name} must be smtp or smtps, not ${url.protocol.replace(/:$/, '')}`;
  if (LOOPBACK_HOST.test(url.hostname)) return `${name} points at this machine (${url.hostname}), not the real service`;
  return smtpWithoutTls(name, url);
}

/**
 * Why the relay at `url` could be spoken to in clear (the mail and the relay's password readable on the way),
 * or undefined: smtps:// (TLS from the first byte), or smtp:// with ?requireTLS=true (STARTTLS or no mail);
 * plain smtp:// only upgrades when the server offers, which whoever sits in between can strip.
 */
function smtpWithoutTls(name: string, url: URL): string | undefined {
  const query = url.searchParams;
  if (query.get('ignoreTLS') === 'true' || (url.protocol === 'smtps:' && query.get('secure') === 'false')) return `${name} turns TLS off (ignoreTLS/secure=false)`;
  if (query.get('tls.rejectUnauthorized') === 'false') return `${name} accepts any TLS certificate (tls.rejectUnauthorized=false)`;
  if (url.protocol === 'smtp:' && query.get('requireTLS') !== 'true') return `${name} must use TLS: smtps://, or smtp:// with ?requireTLS=true`;
  return undefined;
}

/** Why `name` is not a public https address, or undefined when it is. */
function notPublicHttps(env: Env, name: string, whenUnset: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return `${name} is not set (${whenUnset})`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${name} is not an address`;
  }
  if (url.protocol !== 'https:') return `${name} must be https, not ${url.protocol.replace(/:$/, '')}`;
  if (LOOPBACK_HOST.test(url.hostname)) return `${name} points at this machine (${url.hostname}), not the real service`;
  return undefined;
}

/**
 * Everything in `env` that must not reach production, one phrase each naming its variable; [] unless
 * NODE_ENV=production. Each is a local stand-in's setting or a default that only suits development.
 */
export function productionProblems(env: Env): string[] {
  if (!isProduction(env)) return [];
  const problems: (string | undefined)[] = [];
  // one process's embedded database: instances would not share bookings, limits or jobs, and a container's disk is not kept
  if (!env.DATABASE_URL?.trim()) problems.push('DATABASE_URL is not set (the default is embedded PGlite on this container\'s disk)');
  if (!env.UPLOADS_BUCKET?.trim()) problems.push('UPLOADS_BUCKET is not set (the default keeps photos on this container\'s disk)');
  // unset is ambiguous: behind a load balancer every client would be its one address (one shared rate limit)
  if (!env.TRUST_PROXY?.trim()) problems.push(`TRUST_PROXY is not set (list the load balancer's addresses, or "${TRUST_NO_PROXY}" when clients connect directly)`);
  if (env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) problems.push('FIREBASE_AUTH_EMULATOR_HOST is set: the Auth emulator accepts unsigned tokens');
  if (env.FIREBASE_STORAGE_EMULATOR_HOST?.trim()) problems.push('FIREBASE_STORAGE_EMULATOR_HOST is set: uploaded photos would go to the local Storage emulator');
  const project = env.FIREBASE_PROJECT_ID?.trim();
  if (!project) problems.push('FIREBASE_PROJECT_ID is not set (the default is the demo-utsav emulator project)');
  else if (project.startsWith('demo-')) problems.push(`FIREBASE_PROJECT_ID is ${JSON.stringify(project)}: demo-* projects exist only in the emulator`);
  for (const key of ['KEY_ID', 'KEY_SECRET', 'WEBHOOK_SECRET'] as const) {
    const name = `RAZORPAY_${key}`;
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set (the default is the local sandbox's)`);
    else if (value === RAZORPAY_LOCAL[key]) problems.push(`${name} is the local sandbox's value, which is public`);
  }
  problems.push(
    notPublicHttps(env, 'RAZORPAY_API_URL', 'the default is the local sandbox'),
    notPublicHttps(env, 'RAZORPAY_CHECKOUT_URL', 'the default is the local sandbox'),
    // upload URLs are built on it (http ones are mixed content on the https page), and HSTS keys on it
    notPublicHttps(env, 'PUBLIC_API_URL', 'the default is http://localhost'),
  );
  // the CORS list: the defaults are the local dev servers, and a browser page over http can be tampered with
  const origins = readList(env.APP_ORIGINS, []);
  if (origins.length === 0) problems.push('APP_ORIGINS is not set (the default is the local dev servers)');
  for (const origin of origins) problems.push(notPublicHttps({ APP_ORIGINS: origin }, 'APP_ORIGINS', ''));
  const gstin = env.INVOICE_GSTIN?.trim();
  if (!gstin) problems.push('INVOICE_GSTIN is not set (invoices would carry no GSTIN)');
  else if (!GSTIN.test(gstin)) problems.push('INVOICE_GSTIN is not a GSTIN (15 characters: 2 digits, PAN, entity, Z, check)');
  for (const name of ['INVOICE_SELLER_NAME', 'INVOICE_SELLER_ADDRESS', 'INVOICE_SELLER_STATE'] as const) {
    if (!env[name]?.trim()) problems.push(`${name} is not set (the default says "local development")`);
  }
  // notifications: the defaults are the local message catcher, which delivers to nobody
  problems.push(notRealSmtpServer(env, 'SMTP_URL'), notPublicHttps(env, 'SMS_API_URL', 'the default is the local message catcher'));
  const smsKey = env.SMS_API_KEY?.trim();
  if (!smsKey) problems.push("SMS_API_KEY is not set (the default is the local message catcher's)");
  else if (smsKey === NOTIFICATIONS_LOCAL.SMS_API_KEY) problems.push("SMS_API_KEY is the local message catcher's value, which is public");
  problems.push(notPublicHttps(env, 'PUBLIC_APP_URL', 'the default is the local host shell, which emails would link to'));
  const mailFrom = env.MAIL_FROM?.trim();
  if (!mailFrom) problems.push('MAIL_FROM is not set (the default is a .local address no mailbox accepts mail from)');
  else if (mailFrom === NOTIFICATIONS_LOCAL.MAIL_FROM) problems.push('MAIL_FROM is the local default, a .local address no mailbox accepts mail from');
  const autoAccept = env.PROVIDER_AUTO_ACCEPT_MS?.trim();
  if (autoAccept && autoAccept !== '0') problems.push('PROVIDER_AUTO_ACCEPT_MS is set: the provider stand-in would accept bookings on real providers\' behalf');
  return problems.filter((problem): problem is string => problem !== undefined);
}

export function loadConfig(env: Env = process.env): Config {
  const problems = productionProblems(env);
  if (problems.length > 0) throw new ConfigError(`NODE_ENV=production, refusing to start: ${problems.join('; ')}`);
  const port = readPort(env, 'PORT', 4000);
  const dataDir = path.resolve(env.DATA_DIR?.trim() || path.join(REPO_ROOT, '.data'));
  const sandboxPort = readPort(env, 'PAYMENT_SANDBOX_PORT', 4010);
  const catcherPort = readPort(env, 'MESSAGE_CATCHER_PORT', NOTIFICATIONS_LOCAL.MESSAGE_CATCHER_PORT);
  const catcherSmtpPort = readPort(env, 'MAIL_CATCHER_SMTP_PORT', NOTIFICATIONS_LOCAL.MAIL_CATCHER_SMTP_PORT);
  return Object.freeze({
    PORT: port,
    HOST: env.HOST?.trim() || '127.0.0.1',
    DATABASE_URL: env.DATABASE_URL?.trim() || undefined,
    DATABASE_CONNECT_TIMEOUT_MS: readNonNegativeInt(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_CONNECT_TIMEOUT_MS),
    DATABASE_STATEMENT_TIMEOUT_MS: readNonNegativeInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS),
    DATA_DIR: dataDir,
    APP_ORIGINS: readList(env.APP_ORIGINS, DEFAULT_APP_ORIGINS),
    FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID?.trim() || 'demo-utsav',
    FIREBASE_AUTH_EMULATOR_HOST: readEmulatorHost(env),
    AUTH_TOKEN_CACHE_MS: readNonNegativeInt(env, 'AUTH_TOKEN_CACHE_MS', DEFAULT_AUTH_TOKEN_CACHE_MS),
    BODY_LIMIT_BYTES: readPositiveInt(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    UPLOADS_DIR: path.resolve(env.UPLOADS_DIR?.trim() || path.join(dataDir, 'uploads')),
    UPLOADS_BUCKET: readUploadsBucket(env),
    FIREBASE_STORAGE_EMULATOR_HOST: readStorageEmulatorHost(env),
    UPLOAD_LIMIT_BYTES: readPositiveInt(env, 'UPLOAD_LIMIT_BYTES', PROFILE_PHOTO_MAX_BYTES),
    UPLOAD_QUOTA_FILES: readPositiveInt(env, 'UPLOAD_QUOTA_FILES', DEFAULT_UPLOAD_QUOTA_FILES),
    UPLOAD_QUOTA_BYTES: readPositiveInt(env, 'UPLOAD_QUOTA_BYTES', DEFAULT_UPLOAD_QUOTA_BYTES),
    UPLOAD_UNUSED_GRACE_MS: readPositiveInt(env, 'UPLOAD_UNUSED_GRACE_MS', DEFAULT_UPLOAD_UNUSED_GRACE_MS),
    UPLOAD_CLEANUP_INTERVAL_MS: readNonNegativeInt(env, 'UPLOAD_CLEANUP_INTERVAL_MS', DEFAULT_UPLOAD_CLEANUP_INTERVAL_MS),
    REFUND_RETRY_INTERVAL_MS: readNonNegativeInt(env, 'REFUND_RETRY_INTERVAL_MS', DEFAULT_REFUND_RETRY_INTERVAL_MS),
    INVOICE_SELLER: {
      name: env.INVOICE_SELLER_NAME?.trim() || LOCAL_INVOICE_SELLER.name,
      address: env.INVOICE_SELLER_ADDRESS?.trim() || LOCAL_INVOICE_SELLER.address,
      state: env.INVOICE_SELLER_STATE?.trim() || LOCAL_INVOICE_SELLER.state,
      gstin: env.INVOICE_GSTIN?.trim() || LOCAL_INVOICE_SELLER.gstin,
    },
    PUBLIC_API_URL: readHttpUrl(env, 'PUBLIC_API_URL', `http://localhost:${port}`),
    PAYMENT_SANDBOX_PORT: sandboxPort,
    ...readRazorpayKeys(env),
    RAZORPAY_API_URL: readHttpUrl(env, 'RAZORPAY_API_URL', `http://127.0.0.1:${sandboxPort}`),
    RAZORPAY_CHECKOUT_URL: readHttpUrl(env, 'RAZORPAY_CHECKOUT_URL', `http://localhost:${sandboxPort}/v1/checkout.js`),
    PAYMENT_WEBHOOK_URL: readHttpUrl(env, 'PAYMENT_WEBHOOK_URL', 'http://127.0.0.1:4000/payment/webhook'),
    PAYMENT_WEBHOOK_DELAY_MS: readNonNegativeInt(env, 'PAYMENT_WEBHOOK_DELAY_MS', 0),
    SMTP_URL: readSmtpUrl(env, 'SMTP_URL', `smtp://127.0.0.1:${catcherSmtpPort}`),
    MAIL_FROM: readMailFrom(env),
    SMS_API_URL: readHttpUrl(env, 'SMS_API_URL', `http://127.0.0.1:${catcherPort}`),
    SMS_API_KEY: env.SMS_API_KEY?.trim() || NOTIFICATIONS_LOCAL.SMS_API_KEY,
    SMS_SENDER: readSmsSender(env),
    SHUTDOWN_DRAIN_MS: readNonNegativeInt(env, 'SHUTDOWN_DRAIN_MS', 0),
    NOTIFICATION_SEND_INTERVAL_MS: readNonNegativeInt(env, 'NOTIFICATION_SEND_INTERVAL_MS', DEFAULT_NOTIFICATION_SEND_INTERVAL_MS),
    NOTIFICATION_LEASE_MS: readPositiveInt(env, 'NOTIFICATION_LEASE_MS', DEFAULT_NOTIFICATION_LEASE_MS),
    PUBLIC_APP_URL: readHttpUrl(env, 'PUBLIC_APP_URL', 'http://localhost:3000'),
    MESSAGE_CATCHER_PORT: catcherPort,
    MAIL_CATCHER_SMTP_PORT: catcherSmtpPort,
    LOG_LEVEL: env.LOG_LEVEL?.trim() || 'info',
    PROVIDER_AUTO_ACCEPT_MS: readOptionalPositiveInt(env, 'PROVIDER_AUTO_ACCEPT_MS'),
    WRITE_RATE_LIMIT_PER_MINUTE: readNonNegativeInt(env, 'WRITE_RATE_LIMIT_PER_MINUTE', DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE, 'requests'),
    PUBLIC_READ_RATE_LIMIT_PER_MINUTE: readNonNegativeInt(env, 'PUBLIC_READ_RATE_LIMIT_PER_MINUTE', DEFAULT_PUBLIC_READ_RATE_LIMIT_PER_MINUTE, 'requests'),
    AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: readNonNegativeInt(env, 'AUTH_FAILURE_RATE_LIMIT_PER_MINUTE', DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE, 'requests'),
    RATE_LIMIT_STORE: readRateLimitStore(env),
    TRUST_PROXY: readTrustProxy(env),
  });
}

/**
 * The payment sandbox's settings. It is a local stand-in that signs with whatever secret it is given, so it
 * never runs in production and only with the local key id (a real one would confirm bookings with no money taken).
 */
export function loadSandboxConfig(env: Env = process.env): Config {
  if (isProduction(env)) throw new ConfigError('NODE_ENV=production, refusing to start: the payment sandbox is a local stand-in and never runs in production');
  const keyId = env.RAZORPAY_KEY_ID?.trim();
  if (keyId && keyId !== RAZORPAY_LOCAL.KEY_ID) {
    throw new ConfigError(`RAZORPAY_KEY_ID is not the local key id (${RAZORPAY_LOCAL.KEY_ID}): the sandbox only stands in for local development`);
  }
  return loadConfig(env);
}

/**
 * The message catcher's settings (api/src/message-catcher): a local stand-in for the mail relay and the SMS
 * provider that delivers to nobody, so it never runs in production.
 */
export function loadMessageCatcherConfig(env: Env = process.env): Config {
  if (isProduction(env)) throw new ConfigError('NODE_ENV=production, refusing to start: the message catcher is a local stand-in and never runs in production');
  return loadConfig(env);
}

let cached: Config | undefined;

/** The process configuration, read from process.env on first use. */
export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}
