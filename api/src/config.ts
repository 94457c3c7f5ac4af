import fs from 'node:fs';
import path from 'node:path';
import { EnvironmentError as ConfigError, flag, httpUrl, LOOPBACK_HOST, port, positiveInt, productionProblems as environmentProblems, publicHttps, reader, readEnvironment, text, urlOr, variable, wholeNumber } from '@utsav/tooling/src/environment.cjs';
import { z } from 'zod';
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
   * The WhatsApp Business Cloud API (`POST <url>/<version>/<phone number id>/messages`): the local message catcher by
   * default, https://graph.facebook.com for real.
   */
  WHATSAPP_API_URL: string;
  /** The Graph API version in its path, e.g. `v23.0`. */
  WHATSAPP_API_VERSION: string;
  /** The id of the business phone number messages go out from (Meta's WhatsApp Manager shows it). */
  WHATSAPP_PHONE_NUMBER_ID: string;
  /** The access token (`Authorization: Bearer …`): a system user's permanent token in production. */
  WHATSAPP_ACCESS_TOKEN: string;
  /**
   * The approved message template notifications go out as (business-initiated messages outside the 24-hour window
   * must be templates): its body takes three text parameters, the title, the body and the link, in English (`en`)
   * and Hindi (`hi`).
   */
  WHATSAPP_TEMPLATE: string;
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
  /** Where the message catcher's HTTP API listens locally: SMS_API_URL's default. */
  MESSAGE_CATCHER_PORT: number;
  /** Where the message catcher's SMTP server listens locally: SMTP_URL's default. */
  MAIL_CATCHER_SMTP_PORT: number;
  LOG_LEVEL: string;
  /** the bearer token GET /metrics asks for; unset: no /metrics (http/metrics.ts) */
  METRICS_TOKEN: string | undefined;
  /**
   * When set, the provider stand-in accepts each booking request (of a provider without an account)
   * once it is this many milliseconds old. Unset (or 0): never. `npm start` sets 5000.
   */
  PROVIDER_AUTO_ACCEPT_MS: number | undefined;
  /**
   * Fill an empty catalog with the demo seed (catalog/seed/) at start, after the migrations: every local runner
   * sets it (`npm start`, `npm run dev`, `npm test`'s system, the bench). Refused under NODE_ENV=production,
   * which never seeds: its catalog is its providers'.
   */
  SEED_DEMO_CATALOG: boolean;
  /**
   * Writes (POST/PUT/PATCH/DELETE on signed-in routes) one user may make per minute; more get 429.
   * 0 turns the limit off (the bench does, to measure the API rather than the limit).
   */
  WRITE_RATE_LIMIT_PER_MINUTE: number;
  /** Public reads (catalog, search, media, offers: GETs without a token, /health aside) one IP may make per minute; more get 429. 0: off. */
  PUBLIC_READ_RATE_LIMIT_PER_MINUTE: number;
  /** Requests with a rejected token (401) one IP may make per minute; then its rejected tokens get 429 until the minute is over (valid ones still pass). 0: off. */
  AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: number;
  /** Messages (conversations, issue 37) one user may send per minute, and per day, on top of the writes' limit; more get 429. 0: off. */
  MESSAGE_RATE_LIMIT_PER_MINUTE: number;
  MESSAGE_RATE_LIMIT_PER_DAY: number;
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
  /** The in-process cache of catalog answers (catalog/response-cache.ts): how many answers (0: off), how long each lives, how often it checks the catalog's version. */
  CATALOG_CACHE: { maxEntries: number; ttlMs: number; versionCheckMs: number };
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

// the local stand-ins' public settings (the payment sandbox's and the message catcher's): the API's local
// defaults, refused in production
export { NOTIFICATIONS_LOCAL, RAZORPAY_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';
import { NOTIFICATIONS_LOCAL, PAYMENT_SANDBOX_PORT, RAZORPAY_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';

/** What the notification channels (notifications/channels.ts) are made from. */
export type NotificationChannelsConfig = Pick<
  Config,
  'SMTP_URL' | 'MAIL_FROM' | 'SMS_API_URL' | 'SMS_API_KEY' | 'SMS_SENDER' | 'WHATSAPP_API_URL' | 'WHATSAPP_API_VERSION' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_ACCESS_TOKEN' | 'WHATSAPP_TEMPLATE'
>;

/** The Graph API version the WhatsApp channel speaks unless WHATSAPP_API_VERSION says otherwise. */
export const DEFAULT_WHATSAPP_API_VERSION = 'v23.0';
/** The template notifications go out as unless WHATSAPP_TEMPLATE names another (docs/configuration.md says its text). */
export const DEFAULT_WHATSAPP_TEMPLATE = 'utsav_booking_update';

/** Half a minute: a revoked session or a deleted account (elsewhere than this process) is refused within it. */
export const DEFAULT_AUTH_TOKEN_CACHE_MS = 30_000;
/** Two writes a second, sustained for a minute: far above what a person does in the app, low enough to stop a script. */
export const DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE = 120;
/** Ten a second for a minute from one address: a person browsing (cards, their images) stays far below, a scraper does not. */
export const DEFAULT_PUBLIC_READ_RATE_LIMIT_PER_MINUTE = 600;
/** An app whose token went stale fails a few times and refreshes it; 30 rejected tokens a minute is a script. */
export const DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE = 30;
/** A person chatting types a message every few seconds at most; a script posting ads does not stop at 20. */
export const DEFAULT_MESSAGE_RATE_LIMIT_PER_MINUTE = 20;
/** A busy day of planning with several providers stays well below; a flood of one account stops there. */
export const DEFAULT_MESSAGE_RATE_LIMIT_PER_DAY = 500;
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

const DEV_PORTS = [3000, 3001, 3002, 3003, 3004, 3005];
const DEFAULT_APP_ORIGINS = [
  ...DEV_PORTS.map((port) => `http://localhost:${port}`),
  ...DEV_PORTS.map((port) => `http://127.0.0.1:${port}`),
];

/** A positive whole number of milliseconds, or undefined when unset or 0 (off). */
const optionalPositiveMs = () =>
  reader((value, fail) => {
    if (value === undefined || value === '0') return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) fail(`must be a positive whole number of milliseconds, got "${value}"`);
    return number;
  });

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** An smtp:// or smtps:// address (nodemailer's connection URL: credentials and options may ride in it); never repeated, it may carry a password. */
const smtpUrl = () =>
  reader((value, fail) => {
    if (value === undefined) return undefined;
    const url = urlOr(value, fail, 'must be an smtp:// or smtps:// address');
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') fail(`must be an smtp:// or smtps:// address, not ${url.protocol.replace(/:$/, '')}`);
    if (!url.hostname) fail("must name the SMTP server's host");
    return value;
  });

/** One address, bare or with a display name: `bookings@utsav.in`, `Utsav <bookings@utsav.in>`. */
const MAIL_ADDRESS = /^(?:[^<>]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

/** TRUST_PROXY's explicit "no proxy in front: the socket's address is the client's". */
export const TRUST_NO_PROXY = 'none';

/** A Cloud Storage bucket name: 3 to 222 lowercase letters, digits, dashes, underscores and dots, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

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

/** A local stand-in's value that production must replace: unset (`whenUnset`) or the public local one. */
const notLocal = (local: string, whenUnset: string, localIs: string) => (value: string | undefined, name: string) =>
  !value ? `${name} is not set (${whenUnset})` : value === local ? `${name} is ${localIs}` : undefined;

/** Set only on machines that are not production (an emulator, a stand-in): refused there. */
const refusedWhenSet = (why: string) => (value: string | undefined, name: string) => (value ? `${name} is set: ${why}` : undefined);

/**
 * The API's environment, and the payment sandbox's and the message catcher's (they share this file's
 * readers): every variable, its type, default and production rule, and whether it is a secret. Its order
 * is the order of the production problems and of the documentation's table.
 */
export const apiEnvironment = z.object({
  NODE_ENV: variable(text(undefined), { usedBy: 'api', default: 'unset', meaning: '`production` is the one production switch: the API refuses to start (exit 1, one line naming the variable) on any local stand-in or development default (docs/security.md)' }),
  PORT: variable(port(4000), { usedBy: 'api', default: '`4000`', meaning: 'the port to listen on' }),
  HOST: variable(text('127.0.0.1'), { usedBy: 'api', default: '`127.0.0.1`', meaning: 'the interface the API listens on' }),
  LOG_LEVEL: variable(text('info'), { usedBy: 'api', default: '`info`', meaning: "pino's level for the API's log (`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`)" }),
  METRICS_TOKEN: variable(text(undefined), {
    usedBy: 'api',
    default: 'unset (no `/metrics`)',
    meaning: "the bearer token Prometheus sends for `GET /metrics` (docs/operations.md); without it the route does not exist",
    secret: true,
    inProduction: 'at least 32 characters when set',
    production: (value) => (value && value.length < 32 ? `METRICS_TOKEN is shorter than 32 characters (${value.length})` : undefined),
  }),
  DATABASE_URL: variable(text(undefined), {
    usedBy: 'api',
    default: 'unset (embedded PGlite)',
    meaning: 'a PostgreSQL server, e.g. `postgres://postgres@127.0.0.1:5432/test`',
    secret: true,
    inProduction: 'required (embedded PGlite is one process\'s database on a container\'s disk)',
    production: (value) => (value ? undefined : "DATABASE_URL is not set (the default is embedded PGlite on this container's disk)"),
  }),
  DATABASE_CONNECT_TIMEOUT_MS: variable(wholeNumber(DEFAULT_DATABASE_CONNECT_TIMEOUT_MS), { usedBy: 'api', default: `\`${DEFAULT_DATABASE_CONNECT_TIMEOUT_MS}\``, meaning: 'PostgreSQL: how long connecting (or waiting for a pooled connection) may take before the query fails; `0` turns it off' }),
  DATABASE_STATEMENT_TIMEOUT_MS: variable(wholeNumber(DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS), { usedBy: 'api', default: `\`${DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS}\``, meaning: 'PostgreSQL: how long the server lets one statement run (migrations are exempt; a transaction left idle is ended after twice that); `0` turns it off. The rate limits\' counters are given up after 1 s (the limits then let requests through)' }),
  DATA_DIR: variable(text(undefined), { usedBy: 'api', default: '`<repo>/.data`', meaning: 'where PGlite keeps its data (and uploads)' }),
  UPLOADS_BUCKET: variable(
    reader((value, fail) => {
      if (value !== undefined && !BUCKET_NAME.test(value)) fail(`must be a bucket's name (e.g. utsav-prod.firebasestorage.app, without gs://), got "${value}"`);
      return value;
    }),
    {
      usedBy: 'api',
      default: 'unset (photos in `UPLOADS_DIR`)',
      meaning: 'a Cloud Storage bucket (e.g. `utsav-prod.firebasestorage.app`) to keep the photos in instead, as `uploads/<name>` objects through Firebase Storage (firebase-admin, application default credentials)',
      inProduction: 'required',
      production: (value) => (value ? undefined : "UPLOADS_BUCKET is not set (the default keeps photos on this container's disk)"),
    },
  ),
  TRUST_PROXY: variable(
    // `true` (believe anyone: any client could pick its own address) and hop counts (Fastify trusts nobody with
    // those, as it cannot tell the proxy from a client) are refused
    reader((value, fail) => {
      const proxies = list(value);
      // `none`: said out loud that no proxy stands in front (production requires TRUST_PROXY to be set)
      if (proxies.length === 1 && proxies[0] === TRUST_NO_PROXY) return [];
      if (proxies.includes(TRUST_NO_PROXY)) fail(`is either "${TRUST_NO_PROXY}" or the proxies' addresses, not both`);
      if (proxies.some((item) => item === 'true' || /^\d+$/.test(item))) fail(`must list the proxies' addresses or CIDRs (e.g. 10.0.0.0/8), not "${value}"`);
      return proxies;
    }),
    {
      usedBy: 'api',
      default: 'empty (no proxy trusted)',
      meaning:
        "comma list of the reverse proxies' addresses/CIDRs (or `loopback`, `linklocal`, `uniquelocal`) whose `X-Forwarded-For`/`-Proto` are believed (client IP for the limits, https for HSTS); behind a proxy it must be set, or every client shares the proxy's budget; it must also list the host server, whose page renders call the API on behalf of the client named in their `X-Forwarded-For`; `none` says there is no proxy",
      inProduction: 'required (`none` allowed), so that no deployment runs behind a proxy by forgetting it',
      // unset is ambiguous: behind a load balancer every client would be its one address (one shared rate limit)
      production: (value) => (value ? undefined : `TRUST_PROXY is not set (list the load balancer's addresses, or "${TRUST_NO_PROXY}" when clients connect directly)`),
    },
  ),
  FIREBASE_AUTH_EMULATOR_HOST: variable(text(undefined), {
    usedBy: 'api',
    default: 'unset (real Firebase); `npm start`/`dev`/`test`, the bench and the API suite set `127.0.0.1:9099`',
    meaning: "firebase-admin verifies the emulator's (unsigned) tokens; used only when set, never inferred",
    inProduction: 'refused',
    production: refusedWhenSet('the Auth emulator accepts unsigned tokens'),
  }),
  FIREBASE_STORAGE_EMULATOR_HOST: variable(
    // as host:port (firebase-admin refuses a scheme); only when set: never whatever answers on :9199
    reader((value, fail) => {
      if (value !== undefined && !/^(?:\[[0-9a-f:.]+\]|[^\s/:[\]@]+):\d{1,5}$/i.test(value)) fail(`must be host:port (e.g. 127.0.0.1:9199, without http://), got "${value}"`);
      return value;
    }),
    {
      usedBy: 'api',
      default: 'unset (real Cloud Storage)',
      meaning: "the Storage emulator's `host:port` `UPLOADS_BUCKET` is reached through; used only when set, never inferred",
      inProduction: 'refused',
      production: refusedWhenSet('uploaded photos would go to the local Storage emulator'),
    },
  ),
  FIREBASE_PROJECT_ID: variable(text('demo-utsav'), {
    usedBy: 'api',
    default: '`demo-utsav` (the emulator project)',
    meaning: 'the Firebase project whose ID tokens are accepted',
    inProduction: 'required, never `demo-*`',
    production: (value) =>
      !value ? 'FIREBASE_PROJECT_ID is not set (the default is the demo-utsav emulator project)' : value.startsWith('demo-') ? `FIREBASE_PROJECT_ID is ${JSON.stringify(value)}: demo-* projects exist only in the emulator` : undefined,
  }),
  RAZORPAY_KEY_ID: variable(text(RAZORPAY_LOCAL.KEY_ID), { usedBy: 'api, payment sandbox', default: "the local sandbox's", meaning: "Razorpay's public key id (checkout is opened with it); with a real one both secrets must be set", inProduction: "required, not the sandbox's", production: notLocal(RAZORPAY_LOCAL.KEY_ID, "the default is the local sandbox's", "the local sandbox's value, which is public") }),
  RAZORPAY_KEY_SECRET: variable(text(undefined), { usedBy: 'api, payment sandbox', default: "the local sandbox's", meaning: "the key's secret (basic auth, payment signatures)", secret: true, inProduction: "required, not the sandbox's", production: notLocal(RAZORPAY_LOCAL.KEY_SECRET, "the default is the local sandbox's", "the local sandbox's value, which is public") }),
  RAZORPAY_WEBHOOK_SECRET: variable(text(undefined), { usedBy: 'api, payment sandbox', default: "the local sandbox's", meaning: "the secret webhooks are signed with (`X-Razorpay-Signature`), set per webhook in Razorpay's dashboard", secret: true, inProduction: "required, not the sandbox's", production: notLocal(RAZORPAY_LOCAL.WEBHOOK_SECRET, "the default is the local sandbox's", "the local sandbox's value, which is public") }),
  RAZORPAY_API_URL: variable(httpUrl(undefined), { usedBy: 'api', default: 'the sandbox, `http://127.0.0.1:<PAYMENT_SANDBOX_PORT>`', meaning: "Razorpay's Orders API (`https://api.razorpay.com` for real)", inProduction: 'public https', production: publicHttps('the default is the local sandbox') }),
  RAZORPAY_CHECKOUT_URL: variable(httpUrl(undefined), { usedBy: 'api', default: 'the sandbox, `http://localhost:<PAYMENT_SANDBOX_PORT>/v1/checkout.js`', meaning: 'the checkout script the page loads (`https://checkout.razorpay.com/v1/checkout.js` for real)', inProduction: 'public https', production: publicHttps('the default is the local sandbox') }),
  PUBLIC_API_URL: variable(httpUrl(undefined), {
    usedBy: 'api',
    default: '`http://localhost:<PORT>`',
    meaning: "the API's public address, for the upload URLs it hands out (catalog images are paths on the page's origin, `/media/…`, which the host server hands to the API)",
    inProduction: 'public https',
    // upload URLs are built on it (http ones are mixed content on the https page), and HSTS keys on it
    production: publicHttps('the default is http://localhost'),
  }),
  APP_ORIGINS: variable(
    reader((value) => {
      const origins = list(value);
      return origins.length > 0 ? origins : DEFAULT_APP_ORIGINS;
    }),
    {
      usedBy: 'api',
      default: '`http://localhost:3000`…`3005` and the `127.0.0.1` forms',
      meaning: 'the browser origins allowed by CORS (comma list)',
      inProduction: 'set, each public https',
      // the defaults are the local dev servers, and a browser page over http can be tampered with
      production: (value) => {
        const origins = list(value);
        if (origins.length === 0) return 'APP_ORIGINS is not set (the default is the local dev servers)';
        return origins.map((origin) => publicHttps('')(origin, 'APP_ORIGINS'));
      },
    },
  ),
  BODY_LIMIT_BYTES: variable(positiveInt(1024 * 1024), { usedBy: 'api', default: '`1048576`', meaning: 'the largest request body' }),
  AUTH_TOKEN_CACHE_MS: variable(wholeNumber(DEFAULT_AUTH_TOKEN_CACHE_MS), { usedBy: 'api', default: `\`${DEFAULT_AUTH_TOKEN_CACHE_MS}\``, meaning: 'how long a verified ID token is trusted in this process before Firebase is asked again (revocation included; never past the token\'s expiry; at most 10 000 tokens); `0` turns the cache off' }),
  WRITE_RATE_LIMIT_PER_MINUTE: variable(wholeNumber(DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE, 'requests'), { usedBy: 'api', default: `\`${DEFAULT_WRITE_RATE_LIMIT_PER_MINUTE}\``, meaning: 'writes (POST/PUT/PATCH/DELETE on signed-in routes) one user may make per minute, then `429` with `Retry-After`; `0` turns the limit off (the bench)' }),
  PUBLIC_READ_RATE_LIMIT_PER_MINUTE: variable(wholeNumber(DEFAULT_PUBLIC_READ_RATE_LIMIT_PER_MINUTE, 'requests'), { usedBy: 'api', default: `\`${DEFAULT_PUBLIC_READ_RATE_LIMIT_PER_MINUTE}\` (\`100000\` under \`npm start\`/\`test\`/\`bench\`, all from 127.0.0.1)`, meaning: 'GET/HEAD requests without a token (catalog, search, media, uploads, offers, payment config; not `/health`) per client IP per minute, then `429` with `Retry-After`; `0` turns it off (the load bench)' }),
  AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: variable(wholeNumber(DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE, 'requests'), { usedBy: 'api', default: `\`${DEFAULT_AUTH_FAILURE_RATE_LIMIT_PER_MINUTE}\` (\`100000\` locally)`, meaning: "rejected tokens (401 on a request that carried `Authorization`) per client IP per minute; after that a rejected token from that IP is `429` until the minute ends (a valid one still passes: no one's failures lock out another's valid token); `0` turns it off" }),
  MESSAGE_RATE_LIMIT_PER_MINUTE: variable(wholeNumber(DEFAULT_MESSAGE_RATE_LIMIT_PER_MINUTE, 'messages'), { usedBy: 'api', default: `\`${DEFAULT_MESSAGE_RATE_LIMIT_PER_MINUTE}\``, meaning: 'messages (conversations) one user may send per minute, on top of the writes\' limit, then `429` with `Retry-After`; `0` turns it off' }),
  MESSAGE_RATE_LIMIT_PER_DAY: variable(wholeNumber(DEFAULT_MESSAGE_RATE_LIMIT_PER_DAY, 'messages'), { usedBy: 'api', default: `\`${DEFAULT_MESSAGE_RATE_LIMIT_PER_DAY}\``, meaning: 'messages one user may send in 24 hours (from the first counted one), then `429` with `Retry-After`; `0` turns it off' }),
  RATE_LIMIT_STORE: variable(
    reader((value, fail) => {
      if (value !== undefined && value !== 'database' && value !== 'memory') fail(`must be "database" or "memory", got "${value}"`);
      return value as 'database' | 'memory' | undefined;
    }),
    { usedBy: 'api', default: '`database` with `DATABASE_URL`, else `memory`', meaning: 'where the rate limits count: `database` (shared by every API instance on the PostgreSQL server) or `memory` (this process)' },
  ),
  CATALOG_CACHE_MAX_ENTRIES: variable(wholeNumber(1000, 'answers'), { usedBy: 'api', default: '`1000`', meaning: 'the in-process cache of catalog answers (search, Home lists, service detail, menus): how many answers; `0` turns it off. Answers carry ETag (304 on `If-None-Match`), `Cache-Control: public, max-age=30` and `x-cache: hit|stale|miss`' }),
  CATALOG_CACHE_TTL_MS: variable(wholeNumber(60_000), { usedBy: 'api', default: '`60000`', meaning: 'how long each cached catalog answer lives (spread over 80–100%, served stale while one refresh runs)' }),
  CATALOG_CACHE_VERSION_CHECK_MS: variable(wholeNumber(1000), { usedBy: 'api', default: '`1000`', meaning: 'how often the catalog cache checks `catalog_version` to empty itself when the catalog changes' }),
  UPLOADS_DIR: variable(text(undefined), { usedBy: 'api', default: '`<DATA_DIR>/uploads`', meaning: 'where profile photos are kept (unused when `UPLOADS_BUCKET` is set)' }),
  UPLOAD_LIMIT_BYTES: variable(positiveInt(PROFILE_PHOTO_MAX_BYTES), { usedBy: 'api', default: '5 MiB', meaning: 'the largest photo accepted' }),
  UPLOAD_QUOTA_FILES: variable(positiveInt(DEFAULT_UPLOAD_QUOTA_FILES), { usedBy: 'api', default: `\`${DEFAULT_UPLOAD_QUOTA_FILES}\``, meaning: 'photos one user may keep (used or not yet cleaned up); beyond it, `429`' }),
  UPLOAD_QUOTA_BYTES: variable(positiveInt(DEFAULT_UPLOAD_QUOTA_BYTES), { usedBy: 'api', default: '20 MiB', meaning: 'bytes of stored (re-encoded) photos one user may keep; beyond it, `429`' }),
  UPLOAD_UNUSED_GRACE_MS: variable(positiveInt(DEFAULT_UPLOAD_UNUSED_GRACE_MS), { usedBy: 'api', default: '24 h', meaning: 'an upload no profile uses is deleted (file and row) once this old' }),
  UPLOAD_CLEANUP_INTERVAL_MS: variable(wholeNumber(DEFAULT_UPLOAD_CLEANUP_INTERVAL_MS), { usedBy: 'api', default: '1 h', meaning: "how often the API's cleanup of unused uploads runs; `0` turns it off" }),
  INVOICE_SELLER_NAME: variable(text(LOCAL_INVOICE_SELLER.name), { usedBy: 'api', default: 'a "local development" seller', meaning: "who issues the GST tax invoices: Utsav's legal name", inProduction: 'required', production: (value) => (value ? undefined : 'INVOICE_SELLER_NAME is not set (the default says "local development")') }),
  INVOICE_SELLER_ADDRESS: variable(text(LOCAL_INVOICE_SELLER.address), { usedBy: 'api', default: 'a "local development" address', meaning: "the seller's address on the invoices", inProduction: 'required', production: (value) => (value ? undefined : 'INVOICE_SELLER_ADDRESS is not set (the default says "local development")') }),
  INVOICE_SELLER_STATE: variable(text(LOCAL_INVOICE_SELLER.state), { usedBy: 'api', default: '`Karnataka`', meaning: "the seller's state (it decides CGST+SGST or IGST)", inProduction: 'required', production: (value) => (value ? undefined : 'INVOICE_SELLER_STATE is not set (the default says "local development")') }),
  INVOICE_GSTIN: variable(text(LOCAL_INVOICE_SELLER.gstin), {
    usedBy: 'api',
    default: '`NOT REGISTERED`',
    meaning: "the seller's GSTIN on the invoices",
    inProduction: 'required, a GSTIN',
    production: (value) => (!value ? 'INVOICE_GSTIN is not set (invoices would carry no GSTIN)' : !GSTIN.test(value) ? 'INVOICE_GSTIN is not a GSTIN (15 characters: 2 digits, PAN, entity, Z, check)' : undefined),
  }),
  REFUND_RETRY_INTERVAL_MS: variable(wholeNumber(DEFAULT_REFUND_RETRY_INTERVAL_MS), { usedBy: 'api', default: '`300000`', meaning: 'how often the API asks Razorpay again for a refund it could not take when it fell due; `0`: never' }),
  SMTP_URL: variable(smtpUrl(), {
    usedBy: 'api',
    default: 'the message catcher, `smtp://127.0.0.1:<MAIL_CATCHER_SMTP_PORT>`',
    meaning: 'the mail relay notification emails go through (`smtp://` or `smtps://`, credentials in the URL)',
    secret: true,
    inProduction: 'required, not on this machine, over TLS: `smtps://`, or `smtp://…?requireTLS=true`; `ignoreTLS`, `secure=false` and `tls.rejectUnauthorized=false` are refused',
    // the defaults are the local message catcher, which delivers to nobody
    production: (value, name) => {
      if (!value) return `${name} is not set (the default is the local message catcher)`;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return `${name} is not an address`;
      }
      if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `${name} must be smtp or smtps, not ${url.protocol.replace(/:$/, '')}`;
      if (LOOPBACK_HOST.test(url.hostname)) return `${name} points at this machine (${url.hostname}), not the real service`;
      return smtpWithoutTls(name, url);
    },
  }),
  SMS_API_URL: variable(httpUrl(undefined), { usedBy: 'api', default: 'the message catcher, `http://127.0.0.1:<MESSAGE_CATCHER_PORT>`', meaning: 'the SMS provider (`POST /v1/messages`, bearer key, `Idempotency-Key`)', inProduction: 'public https', production: publicHttps('the default is the local message catcher') }),
  SMS_API_KEY: variable(text(NOTIFICATIONS_LOCAL.SMS_API_KEY), { usedBy: 'api, message catcher', default: "the message catcher's public local key", meaning: "the SMS provider's API key (`Authorization: Bearer …`)", secret: true, inProduction: "required, not the catcher's", production: notLocal(NOTIFICATIONS_LOCAL.SMS_API_KEY, "the default is the local message catcher's", "the local message catcher's value, which is public") }),
  PUBLIC_APP_URL: variable(httpUrl(undefined), { usedBy: 'api', default: '`http://localhost:3000`', meaning: "the app's address, linked from emails and texts", inProduction: 'public https', production: publicHttps('the default is the local host shell, which emails would link to') }),
  MAIL_FROM: variable(
    reader((value, fail) => {
      const from = value ?? NOTIFICATIONS_LOCAL.MAIL_FROM;
      if (!MAIL_ADDRESS.test(from)) fail(`must be one address, e.g. "Utsav <bookings@utsav.in>", got "${from}"`);
      return from;
    }),
    {
      usedBy: 'api',
      default: '`Utsav <bookings@utsav.local>`',
      meaning: 'the sender of notification emails',
      inProduction: 'required, not the `.local` default',
      production: (value) => (!value ? 'MAIL_FROM is not set (the default is a .local address no mailbox accepts mail from)' : value === NOTIFICATIONS_LOCAL.MAIL_FROM ? 'MAIL_FROM is the local default, a .local address no mailbox accepts mail from' : undefined),
    },
  ),
  SMS_SENDER: variable(
    // as the networks take it: 1–11 letters or digits
    reader((value, fail) => {
      const sender = value ?? NOTIFICATIONS_LOCAL.SMS_SENDER;
      if (!/^[A-Za-z0-9]{1,11}$/.test(sender)) fail(`must be 1 to 11 letters or digits, got "${sender}"`);
      return sender;
    }),
    { usedBy: 'api', default: `\`${NOTIFICATIONS_LOCAL.SMS_SENDER}\``, meaning: 'the sender id texts go out under (in India the registered 6-letter header)' },
  ),
  WHATSAPP_API_URL: variable(httpUrl(undefined), {
    usedBy: 'api',
    default: 'the message catcher, `http://127.0.0.1:<MESSAGE_CATCHER_PORT>`',
    meaning: 'the WhatsApp Business Cloud API (`POST /<version>/<phone number id>/messages`, bearer token): `https://graph.facebook.com` for real',
    inProduction: 'public https',
    production: publicHttps('the default is the local message catcher'),
  }),
  WHATSAPP_API_VERSION: variable(
    reader((value, fail) => {
      const version = value ?? DEFAULT_WHATSAPP_API_VERSION;
      if (!/^v\d{1,3}\.\d{1,3}$/.test(version)) fail(`must be a Graph API version such as ${DEFAULT_WHATSAPP_API_VERSION}, got "${version}"`);
      return version;
    }),
    { usedBy: 'api', default: `\`${DEFAULT_WHATSAPP_API_VERSION}\``, meaning: "the Graph API version in the WhatsApp API's path" },
  ),
  WHATSAPP_PHONE_NUMBER_ID: variable(
    reader((value, fail) => {
      const id = value ?? NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID;
      if (!/^\d{1,30}$/.test(id)) fail(`must be the business phone number's id (digits, from WhatsApp Manager), got "${id}"`);
      return id;
    }),
    {
      usedBy: 'api, message catcher',
      default: "the message catcher's local id",
      meaning: 'the id of the business phone number WhatsApp messages go out from',
      inProduction: "required, not the catcher's",
      production: notLocal(NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID, "the default is the local message catcher's", "the local message catcher's id"),
    },
  ),
  WHATSAPP_ACCESS_TOKEN: variable(text(NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN), {
    usedBy: 'api, message catcher',
    default: "the message catcher's public local token",
    meaning: "the WhatsApp Cloud API's access token (`Authorization: Bearer …`; a system user's permanent token)",
    secret: true,
    inProduction: "required, not the catcher's",
    production: notLocal(NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN, "the default is the local message catcher's", "the local message catcher's value, which is public"),
  }),
  WHATSAPP_TEMPLATE: variable(
    reader((value, fail) => {
      const name = value ?? DEFAULT_WHATSAPP_TEMPLATE;
      // as WhatsApp Manager names templates: lowercase letters, digits and underscores
      if (!/^[a-z0-9_]{1,512}$/.test(name)) fail(`must be a template's name (lowercase letters, digits and underscores), got "${name}"`);
      return name;
    }),
    {
      usedBy: 'api',
      default: `\`${DEFAULT_WHATSAPP_TEMPLATE}\``,
      meaning: 'the approved message template notifications go out as, in languages `en` and `hi`; its body takes three text parameters: the title, the body and the link (api/README.md, Notifications)',
    },
  ),
  NOTIFICATION_SEND_INTERVAL_MS: variable(wholeNumber(DEFAULT_NOTIFICATION_SEND_INTERVAL_MS), { usedBy: 'api', default: `\`${DEFAULT_NOTIFICATION_SEND_INTERVAL_MS}\``, meaning: 'how often the sender sends the due emails, texts and WhatsApp messages; `0`: never' }),
  NOTIFICATION_LEASE_MS: variable(positiveInt(DEFAULT_NOTIFICATION_LEASE_MS), { usedBy: 'api', default: `\`${DEFAULT_NOTIFICATION_LEASE_MS}\``, meaning: 'how long a sender holds the deliveries it claimed (a sender that died lets go after this)' }),
  SHUTDOWN_DRAIN_MS: variable(wholeNumber(0), { usedBy: 'api', default: '`0`', meaning: "on SIGTERM, how long the API keeps taking requests with `GET /ready` at 503 (the load balancer's time to notice) before it stops taking them and finishes those in flight" }),
  PROVIDER_AUTO_ACCEPT_MS: variable(optionalPositiveMs(), {
    usedBy: 'api',
    default: '`5000` under `npm start` / `npm run dev`, `1000` in `npm test`, off otherwise',
    meaning: 'the local provider stand-in accepts each new booking request once it is this old (declines it when the provider has no room left), and answers new dates the same way. Where it runs, `POST /dev/provider-account { serviceId }` lets a signed-in user take that provider\'s side, and every listing nobody runs gets a local invite code (`GET /dev/provider-invite`, printed by `npm start`)',
    inProduction: 'refused',
    production: (value) => (value && value !== '0' ? "PROVIDER_AUTO_ACCEPT_MS is set: the provider stand-in would accept bookings on real providers' behalf" : undefined),
  }),
  SEED_DEMO_CATALOG: variable(flag(false), {
    usedBy: 'api',
    default: '`true` under `npm start`, `npm run dev`, `npm test` and the bench, `false` otherwise',
    meaning: "`true`: at start, after the migrations, an empty catalog is filled with the demo seed (`api/src/catalog/seed/`: 176 listings in 14 cities, their packages and reviews); the API never seeds otherwise",
    inProduction: 'refused',
    production: (value, name) => (value?.toLowerCase() === 'true' ? `${name} is true: demo listings nobody runs would be offered to real customers` : undefined),
  }),
  PAYMENT_SANDBOX_PORT: variable(port(PAYMENT_SANDBOX_PORT), { usedBy: 'api, payment sandbox', default: `\`${PAYMENT_SANDBOX_PORT}\``, meaning: "where the payment sandbox listens: the API's Razorpay addresses default to it" }),
  MESSAGE_CATCHER_PORT: variable(port(NOTIFICATIONS_LOCAL.MESSAGE_CATCHER_PORT), { usedBy: 'api, message catcher', default: `\`${NOTIFICATIONS_LOCAL.MESSAGE_CATCHER_PORT}\``, meaning: 'its HTTP port (SMS API, WhatsApp Cloud API, `/emails`, `/sms`, `/whatsapp`, the page at `/`)' }),
  MAIL_CATCHER_SMTP_PORT: variable(port(NOTIFICATIONS_LOCAL.MAIL_CATCHER_SMTP_PORT), { usedBy: 'api, message catcher', default: `\`${NOTIFICATIONS_LOCAL.MAIL_CATCHER_SMTP_PORT}\``, meaning: 'its SMTP port' }),
});

/** A setting the API must not start with (the name its tests and callers know; settingsOrExit says it in one line and exits 1). */
export { EnvironmentError as ConfigError } from '@utsav/tooling/src/environment.cjs';

/** The one production switch: under it the local stand-ins' settings are start-up errors (productionProblems). */
export function isProduction(env: Env): boolean {
  return env.NODE_ENV?.trim() === 'production';
}

/**
 * Everything in `env` that must not reach production, one phrase each naming its variable; [] unless
 * NODE_ENV=production: each variable's production rule, in the schema's order.
 */
export function productionProblems(env: Env): string[] {
  return isProduction(env) ? environmentProblems(apiEnvironment, env) : [];
}

export function loadConfig(env: Env = process.env): Config {
  const problems = productionProblems(env);
  if (problems.length > 0) throw new ConfigError(`NODE_ENV=production, refusing to start: ${problems.join('; ')}`);
  const read = readEnvironment(apiEnvironment, env);
  // live keys with the local secrets would sign with publicly known values
  if (read.RAZORPAY_KEY_ID !== RAZORPAY_LOCAL.KEY_ID) {
    for (const name of ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      if (!read[name]) throw new ConfigError(`${name} must be set when RAZORPAY_KEY_ID is not the local sandbox's key`);
    }
  }
  const dataDir = path.resolve(read.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return Object.freeze({
    PORT: read.PORT,
    HOST: read.HOST,
    DATABASE_URL: read.DATABASE_URL,
    DATABASE_CONNECT_TIMEOUT_MS: read.DATABASE_CONNECT_TIMEOUT_MS,
    DATABASE_STATEMENT_TIMEOUT_MS: read.DATABASE_STATEMENT_TIMEOUT_MS,
    DATA_DIR: dataDir,
    APP_ORIGINS: read.APP_ORIGINS,
    FIREBASE_PROJECT_ID: read.FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: read.FIREBASE_AUTH_EMULATOR_HOST,
    AUTH_TOKEN_CACHE_MS: read.AUTH_TOKEN_CACHE_MS,
    BODY_LIMIT_BYTES: read.BODY_LIMIT_BYTES,
    UPLOADS_DIR: path.resolve(read.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    UPLOADS_BUCKET: read.UPLOADS_BUCKET,
    FIREBASE_STORAGE_EMULATOR_HOST: read.FIREBASE_STORAGE_EMULATOR_HOST,
    UPLOAD_LIMIT_BYTES: read.UPLOAD_LIMIT_BYTES,
    UPLOAD_QUOTA_FILES: read.UPLOAD_QUOTA_FILES,
    UPLOAD_QUOTA_BYTES: read.UPLOAD_QUOTA_BYTES,
    UPLOAD_UNUSED_GRACE_MS: read.UPLOAD_UNUSED_GRACE_MS,
    UPLOAD_CLEANUP_INTERVAL_MS: read.UPLOAD_CLEANUP_INTERVAL_MS,
    REFUND_RETRY_INTERVAL_MS: read.REFUND_RETRY_INTERVAL_MS,
    INVOICE_SELLER: { name: read.INVOICE_SELLER_NAME, address: read.INVOICE_SELLER_ADDRESS, state: read.INVOICE_SELLER_STATE, gstin: read.INVOICE_GSTIN },
    PUBLIC_API_URL: read.PUBLIC_API_URL ?? `http://localhost:${read.PORT}`,
    PAYMENT_SANDBOX_PORT: read.PAYMENT_SANDBOX_PORT,
    RAZORPAY_KEY_ID: read.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: read.RAZORPAY_KEY_SECRET ?? RAZORPAY_LOCAL.KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: read.RAZORPAY_WEBHOOK_SECRET ?? RAZORPAY_LOCAL.WEBHOOK_SECRET,
    RAZORPAY_API_URL: read.RAZORPAY_API_URL ?? `http://127.0.0.1:${read.PAYMENT_SANDBOX_PORT}`,
    RAZORPAY_CHECKOUT_URL: read.RAZORPAY_CHECKOUT_URL ?? `http://localhost:${read.PAYMENT_SANDBOX_PORT}/v1/checkout.js`,
    SMTP_URL: read.SMTP_URL ?? `smtp://127.0.0.1:${read.MAIL_CATCHER_SMTP_PORT}`,
    MAIL_FROM: read.MAIL_FROM,
    SMS_API_URL: read.SMS_API_URL ?? `http://127.0.0.1:${read.MESSAGE_CATCHER_PORT}`,
    SMS_API_KEY: read.SMS_API_KEY,
    SMS_SENDER: read.SMS_SENDER,
    WHATSAPP_API_URL: read.WHATSAPP_API_URL ?? `http://127.0.0.1:${read.MESSAGE_CATCHER_PORT}`,
    WHATSAPP_API_VERSION: read.WHATSAPP_API_VERSION,
    WHATSAPP_PHONE_NUMBER_ID: read.WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: read.WHATSAPP_ACCESS_TOKEN,
    WHATSAPP_TEMPLATE: read.WHATSAPP_TEMPLATE,
    SHUTDOWN_DRAIN_MS: read.SHUTDOWN_DRAIN_MS,
    NOTIFICATION_SEND_INTERVAL_MS: read.NOTIFICATION_SEND_INTERVAL_MS,
    NOTIFICATION_LEASE_MS: read.NOTIFICATION_LEASE_MS,
    PUBLIC_APP_URL: read.PUBLIC_APP_URL ?? 'http://localhost:3000',
    MESSAGE_CATCHER_PORT: read.MESSAGE_CATCHER_PORT,
    MAIL_CATCHER_SMTP_PORT: read.MAIL_CATCHER_SMTP_PORT,
    LOG_LEVEL: read.LOG_LEVEL,
    METRICS_TOKEN: read.METRICS_TOKEN,
    PROVIDER_AUTO_ACCEPT_MS: read.PROVIDER_AUTO_ACCEPT_MS,
    SEED_DEMO_CATALOG: read.SEED_DEMO_CATALOG,
    WRITE_RATE_LIMIT_PER_MINUTE: read.WRITE_RATE_LIMIT_PER_MINUTE,
    PUBLIC_READ_RATE_LIMIT_PER_MINUTE: read.PUBLIC_READ_RATE_LIMIT_PER_MINUTE,
    AUTH_FAILURE_RATE_LIMIT_PER_MINUTE: read.AUTH_FAILURE_RATE_LIMIT_PER_MINUTE,
    MESSAGE_RATE_LIMIT_PER_MINUTE: read.MESSAGE_RATE_LIMIT_PER_MINUTE,
    MESSAGE_RATE_LIMIT_PER_DAY: read.MESSAGE_RATE_LIMIT_PER_DAY,
    RATE_LIMIT_STORE: read.RATE_LIMIT_STORE ?? (read.DATABASE_URL ? 'database' : 'memory'),
    TRUST_PROXY: read.TRUST_PROXY,
    CATALOG_CACHE: { maxEntries: read.CATALOG_CACHE_MAX_ENTRIES, ttlMs: read.CATALOG_CACHE_TTL_MS, versionCheckMs: read.CATALOG_CACHE_VERSION_CHECK_MS },
  });
}

let cached: Config | undefined;

/** The process configuration, read from process.env on first use. */
export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}
