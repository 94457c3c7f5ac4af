import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAddressRepository } from './addresses/address-repository';
import { addressRoutes } from './addresses/address-routes';
import { authPlugin, createFirebaseAuthentication } from './auth';
import { createServerSessions } from './auth/server-sessions';
import { sessionRoutes } from './auth/session-routes';
import { createBookingRepository } from './bookings/booking-repository';
import { bookingRoutes } from './bookings/booking-routes';
import { providerStandInApi } from './bookings/provider-stand-in-api';
import { providerRoutes } from './bookings/provider-routes';
import { createCartRepository } from './cart/cart-repository';
import { cartRoutes } from './cart/cart-routes';
import { createCatalogRepository } from './catalog/catalog-repository';
import { catalogRoutes } from './catalog/catalog-routes';
import { mediaRoutes } from './catalog/media/media-routes';
import type { Config } from './config';
import type { Database } from './db';
import { healthRoutes, type Lifecycle } from './health-routes';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandlers } from './http/error-handler';
import { installRequestLocale } from './http/request-locale';
import { loadApiMessages } from './http/api-messages';
import { acceptJsonBodiesOnly } from './http/json-body';
import { dropNulCharacters } from './http/nul-characters';
import { installRateLimits } from './http/rate-limits';
import { databaseRateLimitStore, sweepRateLimitCounters } from './http/rate-limit-store';
import { recordRoutes } from './http/route-table';
import { installSecurityHeaders, securityHeaderOptions } from './http/security-headers';
import { closeSilentConnections } from './http/silent-connections';
import { offerRoutes } from './payments/offer-routes';
import { createPlanRepository } from './plans/plan-repository';
import { planRoutes } from './plans/plan-routes';
import { createEnquiryRepository } from './plans/enquiry-repository';
import { enquiryRoutes } from './plans/enquiry-routes';
import { createBudgetRepository } from './plans/budget-repository';
import { createChecklistRepository } from './plans/checklist-repository';
import { budgetRoutes } from './plans/budget-routes';
import { createShortlistRepository } from './plans/shortlist-repository';
import { createShareRepository } from './plans/share-repository';
import { shareRoutes } from './plans/share-routes';
import { startLiveBus, type LiveBus } from './live/live-bus';
import { createApiMetrics, measuredDatabase, metricsPlugin } from './http/metrics';
import { vitalsRoutes } from './http/vitals-routes';
import { liveRoutes, type LiveStreamLimits } from './live/live-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { createChannels } from './notifications/channels';
import { createNotificationSender } from './notifications/notification-sender';
import { paymentRoutes } from './payments/payment-routes';
import { createPaymentService } from './payments/payment-service';
import { createRazorpayClient } from './payments/razorpay-client';
import { createUploadCleanup } from './uploads/upload-cleanup';
import { backgroundJobs, type BackgroundJob } from './jobs/periodic-job';
import { createUploadRepository } from './uploads/upload-repository';
import { uploadRoutes } from './uploads/upload-routes';
import { createUploadStorage, isStoredFileName } from './uploads/upload-storage';
import { createThreadRepository } from './messages/thread-repository';
import { threadRoutes } from './messages/thread-routes';
import { createAccountDeletion } from './users/account-deletion';
import { createConsumerRepository } from './users/consumer-repository';
import { consumerRoutes } from './users/consumer-routes';
import { emailVerificationRoutes } from './users/email-verification-routes';
import { installRouteSchemas } from './http/route-schemas';
import { publishContract } from './http/openapi';
import { loadCommonMessages } from '@utsav/contracts/messages';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** Fastify's logger setting; defaults to pino at config.LOG_LEVEL */
  logger?: FastifyServerOptions['logger'];
  /** the clock the slot rules read India's date and time from (tests fix it); the real one by default */
  now?: () => Date;
  /** set draining by the server when it is told to stop: GET /ready is 503 from then on */
  lifecycle?: Lifecycle;
  /** the live stream's limits and timings (tests shorten them); LIVE_STREAM_LIMITS by default */
  liveStream?: Partial<LiveStreamLimits>;
}

const MAX_PARAM_LENGTH = 256;
/** How often expired shared rate-limit counters are deleted. */
const RATE_LIMIT_SWEEP_MS = 5 * 60_000;

/** The API as a Fastify instance, not yet listening: the server and the tests each bring their own db. */
export async function buildApp({ db: unmeasured, config, logger, now, lifecycle, liveStream }: BuildAppOptions): Promise<FastifyInstance> {
  // every database call of the API is timed (the one query layer, measured: http/metrics.ts)
  const metrics = createApiMetrics();
  const db = measuredDatabase(unmeasured, metrics);
  // the words the API writes in each user's language (notifications, their emails and texts), and its answers
  // in each request's (its errors, the schemas' validation messages)
  await loadCommonMessages();
  await loadApiMessages();
  const headers = securityHeaderOptions(config.PUBLIC_API_URL);
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Firebase uids can be up to 128 characters (Fastify's default cap is 100)
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(MAX_PARAM_LENGTH, headers),
    clientErrorHandler,
    // request.ip and request.protocol believe X-Forwarded-* only from these proxies (none by default)
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
  });

  // first: every route registered below (plugins' too) is recorded and classified
  recordRoutes(app);
  // every request counted and timed by its route template; GET /metrics with METRICS_TOKEN (the live streams are
  // counted by the bus, started below)
  const live: { bus?: LiveBus } = {};
  await app.register(metricsPlugin, { metrics, database: unmeasured, liveStreams: () => live.bus?.size ?? 0, token: config.METRICS_TOKEN ?? null });
  // before every other hook: each request's language, for all that answers it (errors too)
  installRequestLocale(app);
  installErrorHandlers(app, config.BODY_LIMIT_BYTES);
  // every JSON answer over 1 KiB gzipped for a client that takes it (a phone on mobile data: a bookings list, the
  // contract); the catalog's answers come already gzipped from its cache (cached-reply.ts), which this leaves
  // alone, and files and the live stream are sent as they are. Request bodies are never inflated. Registered
  // before any route: it hooks each route as it is added.
  await app.register(compress, { globalDecompression: false, encodings: ['gzip'], threshold: 1024, customTypes: /^application\/json\b/ });
  // every route's input and answers are checked by its zod schemas, which also make GET /openapi.json
  installRouteSchemas(app);
  await publishContract(app);
  closeSilentConnections(app);
  installSecurityHeaders(app, headers);
  acceptJsonBodiesOnly(app);
  dropNulCharacters(app);

  await app.register(cors, {
    origin: config.APP_ORIGINS,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // the spec's clients send `environment` (users, bookings) and `nocart` (booking create)
    // and the live stream's client resumes with Last-Event-ID (a fetch sets it: a header CORS must allow)
    // and the pages send their language (Accept-Language: CORS-safelisted for simple values; listed for any)
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'environment', 'nocart', 'Last-Event-ID'],
    maxAge: 600,
  });

  // token checks and account deletion share the token cache: deleting a user evicts their tokens here
  const firebase = createFirebaseAuthentication(config);
  const serverSessions = createServerSessions(db, firebase.checkSessionUser);
  await app.register(authPlugin, { verifyToken: firebase.verifyToken, verifySessionCookie: serverSessions.verify });
  const sharedLimits = config.RATE_LIMIT_STORE === 'database';
  await installRateLimits(app, {
    writesPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
    publicReadsPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: config.AUTH_FAILURE_RATE_LIMIT_PER_MINUTE,
    messagesPerMinute: config.MESSAGE_RATE_LIMIT_PER_MINUTE,
    messagesPerDay: config.MESSAGE_RATE_LIMIT_PER_DAY,
    // several instances on one PostgreSQL give a client one budget, not one each
    store: sharedLimits ? databaseRateLimitStore(db.query) : undefined,
  });
  // the background work, started at ready and stopped at close in one place (the backgroundJobs plugin, below)
  const jobs: BackgroundJob[] = [];
  if (sharedLimits) jobs.push({ name: 'rate limit sweep', everyMs: RATE_LIMIT_SWEEP_MS, run: () => sweepRateLimitCounters(db.query) });

  // each domain's routes: a plugin with its prefix (where all its routes share one) and what it depends on
  await app.register(healthRoutes, { database: db, lifecycle });
  await app.register(vitalsRoutes, { metrics });
  await app.register(sessionRoutes, { prefix: '/auth', sessions: serverSessions, accounts: firebase.accounts });
  const storage = createUploadStorage(config);
  const consumers = createConsumerRepository(db);
  const accounts = createAccountDeletion({ db, storage, auth: firebase.accounts, log: app.log });
  await app.register(consumerRoutes, { prefix: '/users/consumer/:uid', consumers, accounts });
  await app.register(emailVerificationRoutes, { db, apiUrl: config.PUBLIC_API_URL, appUrl: config.PUBLIC_APP_URL });
  await app.register(addressRoutes, { prefix: '/users/consumer/:uid/addresses', addresses: createAddressRepository(db) });
  const catalog = createCatalogRepository(db);
  await app.register(catalogRoutes, { catalog, cacheSettings: config.CATALOG_CACHE });
  await app.register(mediaRoutes, { catalog });
  const uploads = createUploadRepository(db);
  await app.register(uploadRoutes, { storage, uploads, config });
  const cleanup = createUploadCleanup({ uploads, storage, graceMs: config.UPLOAD_UNUSED_GRACE_MS, log: app.log });
  jobs.push({ name: 'upload cleanup', everyMs: config.UPLOAD_CLEANUP_INTERVAL_MS, run: () => cleanup.deleteUnused() });

  const bookings = createBookingRepository(db);
  const razorpay = createRazorpayClient({ apiUrl: config.RAZORPAY_API_URL, keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET });
  const payments = createPaymentService({
    db,
    bookings,
    razorpay,
    keyId: config.RAZORPAY_KEY_ID,
    keySecret: config.RAZORPAY_KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    now,
  });
  await app.register(bookingRoutes, { bookings, query: db.query, consumers, now, payments, invoiceSeller: config.INVOICE_SELLER });
  await app.register(cartRoutes, { carts: createCartRepository(db), db, bookings, consumers, now });
  await app.register(providerRoutes, { prefix: '/provider', bookings, db, now });
  await app.register(paymentRoutes, { prefix: '/payment', payments, keyId: config.RAZORPAY_KEY_ID, checkoutUrl: config.RAZORPAY_CHECKOUT_URL });
  // a refund Razorpay could not take when it was due (down, refused) is asked for again
  jobs.push({ name: 'refund retry', everyMs: config.REFUND_RETRY_INTERVAL_MS, run: () => payments.settleDueRefunds(app.log) });
  await app.register(offerRoutes, { db });
  // planning a wedding (issue 37): the caller's plans, their events and their shortlist
  await app.register(planRoutes, { plans: createPlanRepository(db), shortlist: createShortlistRepository(db) });
  // a plan shared read-only with family by a link (issue 37, item 5): the owner's link, and the public page's read
  await app.register(shareRoutes, { shares: createShareRepository(db) });
  // enquiries and quotes (issue 37, item 3): an accepted quote is booked through the one booking path
  await app.register(enquiryRoutes, { enquiries: createEnquiryRepository(db, bookings), consumers, isProvider: (uid) => bookings.isProvider(uid), now });
  // a plan's budget (booked, paid and quoted added up from its bookings and quotes) and its checklist (issue 37, item 5)
  await app.register(budgetRoutes, { budgets: createBudgetRepository(db), checklists: createChecklistRepository(db), now });
  // conversations (issue 37, item 4): one thread per enquiry and per booking; photos are the upload path's
  const uploadsAt = `${config.PUBLIC_API_URL}/uploads/`;
  const threads = createThreadRepository(db, {
    photoUrl: (fileName) => `${uploadsAt}${fileName}`,
    photoFileName: (url) => (url.startsWith(uploadsAt) && isStoredFileName(url.slice(uploadsAt.length)) ? url.slice(uploadsAt.length) : null),
  });
  await app.register(threadRoutes, { threads });

  // the live stream (woken by committed changes' NOTIFY) and the bell's notifications
  const liveBus = await startLiveBus(db);
  live.bus = liveBus;
  app.addHook('onClose', async () => {
    await liveBus.close();
  });
  await app.register(liveRoutes, { query: db.query, bus: liveBus, limits: liveStream });
  await app.register(notificationRoutes, { prefix: '/users/:uid/notifications', query: db.query });
  if (config.NOTIFICATION_SEND_INTERVAL_MS > 0) {
    // the outbox's emails and texts, through the configured relay and SMS provider (locally the message catcher)
    const channels = createChannels(config);
    const sender = createNotificationSender({ db, channels, appUrl: config.PUBLIC_APP_URL, leaseMs: config.NOTIFICATION_LEASE_MS, log: app.log });
    jobs.push({ name: 'notification sender', everyMs: config.NOTIFICATION_SEND_INTERVAL_MS, run: () => sender.sendDue(), close: () => channels.close() });
  }

  if (config.PROVIDER_AUTO_ACCEPT_MS) {
    // local development's provider (refused under NODE_ENV=production): the stand-ins package's, a devDependency loaded
    // only here, which build.mjs keeps out of the API's bundle (and its image, which installs no devDependency)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { providerStandIn } = require('@utsav/stand-ins/src/provider-stand-in') as typeof import('@utsav/stand-ins/src/provider-stand-in');
    const api = providerStandInApi(app, { query: db.query, bookings, now: now ?? (() => new Date()) });
    const standIn = providerStandIn(api, { afterMs: config.PROVIDER_AUTO_ACCEPT_MS, log: app.log });
    jobs.push(standIn.job);
    await app.register(standIn.routes, { prefix: '/dev', api });
  }

  await app.register(backgroundJobs, { jobs });
  return app;
}
