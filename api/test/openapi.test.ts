import * as contracts from '@utsav/contracts/schemas';
import { METRICS_PATH } from '../src/http/metrics';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_PATH, REFERENCE_PATH } from '../src/http/openapi';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The published contract (issue 35, item 4): every route declares its answers with zod schemas, and
 * GET /openapi.json, made from them, says for each route what the contracts' client checks its answer with.
 */

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** What each route answers, by the contracts' schema its client parses the answer with (shared-contracts/src/client). */
const CONTRACT_ANSWERS: Array<[route: string, status: string, schema: z.ZodType]> = [
  ['GET /services', '200', contracts.serviceSearchResponseSchema],
  ['GET /services/popular', '200', contracts.serviceListResponseSchema],
  ['GET /services/latest', '200', contracts.serviceListResponseSchema],
  ['GET /services/{serviceId}', '200', contracts.serviceDetailSchema],
  ['GET /services/{serviceId}/reviews', '200', contracts.reviewPageSchema],
  ['GET /menus/{menuId}', '200', contracts.menuResponseSchema],
  ['GET /services/{sid}/availability', '200', contracts.monthAvailabilitySchema],
  ['POST /bookings', '201', contracts.bookingSchema],
  ['GET /bookings/user/{uid}', '200', contracts.bookingListSchema],
  ['GET /bookings/{bid}', '200', contracts.bookingSchema],
  ['POST /bookings/{bid}/cancel', '200', contracts.bookingSchema],
  ['POST /bookings/{bid}/withdraw', '200', contracts.bookingSchema],
  ['POST /bookings/{bid}/reschedule', '200', contracts.bookingSchema],
  ['POST /bookings/{bid}/review', '201', contracts.bookingSchema],
  ['GET /bookings/{bid}/history', '200', contracts.bookingHistorySchema],
  ['GET /bookings/{bid}/cancellation', '200', contracts.cancellationTermsSchema],
  ['GET /cart', '200', contracts.cartSchema],
  ['POST /cart/items', '201', contracts.cartSchema],
  ['DELETE /cart/items/{id}', '200', contracts.cartSchema],
  ['POST /checkout', '201', contracts.checkoutResponseSchema],
  ['GET /payment/config', '200', contracts.paymentConfigSchema],
  ['POST /payment/create_order', '200', contracts.createOrderResponseSchema],
  ['POST /payment/verify_payment', '200', contracts.verifyPaymentResponseSchema],
  ['GET /offers', '200', contracts.offerListSchema],
  ['GET /users/consumer/{uid}', '200', contracts.consumerProfileSchema],
  ['PUT /users/consumer/{uid}/settings', '200', contracts.consumerProfileSchema],
  ['PUT /users/consumer/{uid}/language', '200', contracts.consumerProfileSchema],
  ['GET /users/consumer/{uid}/email-verification', '200', contracts.emailVerificationSchema],
  ['GET /users/consumer/{uid}/addresses', '200', contracts.addressListSchema],
  ['POST /users/consumer/{uid}/addresses', '201', contracts.addressSchema],
  ['GET /users/{uid}/notifications', '200', contracts.notificationListSchema],
  ['POST /users/{uid}/notifications/read', '200', contracts.unreadCountSchema],
  ['POST /provider/claim', '200', contracts.providerClaimedSchema],
  ['GET /provider/listings', '200', contracts.providerListingsSchema],
  ['GET /provider/bookings', '200', contracts.providerBookingListSchema],
  ['GET /provider/bookings/{bid}', '200', contracts.providerBookingSchema],
  ['GET /provider/bookings/{bid}/history', '200', contracts.bookingHistorySchema],
  ['POST /provider/bookings/{bid}/accept', '200', contracts.providerBookingSchema],
  ['POST /provider/bookings/{bid}/decline', '200', contracts.providerBookingSchema],
  ['POST /provider/bookings/{bid}/reschedule/accept', '200', contracts.providerBookingSchema],
  ['POST /provider/bookings/{bid}/reschedule/decline', '200', contracts.providerBookingSchema],
  ['GET /provider/{pid}/earnings', '200', contracts.providerEarningsSchema],
  ['GET /provider/{pid}/reviews', '200', contracts.providerReviewPageSchema],
  ['POST /provider/{pid}/reviews/{rid}/reply', '201', contracts.providerReviewSchema],
  // planning a wedding (issue 37)
  ['GET /plans', '200', contracts.planListSchema],
  ['POST /plans', '201', contracts.planSchema],
  ['GET /plans/{planId}', '200', contracts.planSchema],
  ['GET /shortlist', '200', contracts.shortlistSchema],
  ['PUT /shortlist/{serviceId}', '200', contracts.shortlistEntrySchema],
  ['GET /shortlist/compare', '200', contracts.shortlistComparisonSchema],
  ['GET /enquiries', '200', contracts.enquiryListSchema],
  ['POST /enquiries', '201', contracts.enquiryListSchema],
  ['POST /enquiries/{enquiryId}/withdraw', '200', contracts.enquirySchema],
  ['POST /quotes/{quoteId}/accept', '201', contracts.quoteAcceptedSchema],
  ['POST /quotes/{quoteId}/decline', '200', contracts.enquirySchema],
  ['GET /plans/{planId}/share', '200', contracts.planShareStatusSchema],
  ['POST /plans/{planId}/share', '201', contracts.planShareCreatedSchema],
  ['PATCH /plans/{planId}/share', '200', contracts.planShareSchema],
  ['GET /shared-plans/{token}', '200', contracts.sharedPlanSchema],
];

/** What the contracts' clients send, by the schema the route validates it with. */
const CONTRACT_BODIES: Array<[route: string, schema: z.ZodType]> = [
  ['POST /cart/items', contracts.cartItemCreateSchema],
  ['POST /checkout', contracts.checkoutRequestSchema],
  ['POST /bookings/{bid}/reschedule', contracts.rescheduleRequestSchema],
  ['POST /bookings/{bid}/review', contracts.reviewCreateSchema],
  ['POST /plans', contracts.planInputSchema],
  ['POST /plans/{planId}/events', contracts.planEventInputSchema],
  ['POST /enquiries', contracts.enquiryInputSchema],
  ['POST /quotes/{quoteId}/accept', contracts.quoteAcceptSchema],
  ['PATCH /plans/{planId}/share', contracts.planShareUpdateSchema],
  ['POST /payment/create_order', contracts.createOrderRequestSchema],
  ['POST /payment/verify_payment', contracts.paymentResultSchema],
  ['POST /users/consumer/{uid}', contracts.profileUpdateSchema],
  ['PUT /users/consumer/{uid}/settings', contracts.accountSettingsSchema],
  ['POST /users/consumer/{uid}/addresses', contracts.addressInputSchema],
  ['POST /provider/{pid}/reviews/{rid}/reply', contracts.reviewReplyCreateSchema],
  ['POST /provider/claim', contracts.providerClaimSchema],
  ['POST /provider/bookings/{bid}/decline', contracts.providerDeclineSchema],
  ['POST /provider/bookings/{bid}/reschedule/decline', contracts.providerDeclineSchema],
];

/** @fastify/swagger states a `const` as a one-value `enum` (OpenAPI 3.0 has no const): the same meaning. */
function constAsEnum(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(constAsEnum);
  if (json === null || typeof json !== 'object') return json;
  const { const: value, ...rest } = json as Record<string, unknown>;
  const mapped = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, constAsEnum(child)]));
  return 'const' in json ? { ...mapped, enum: [value] } : mapped;
}

/** A zod schema as the document states it (OpenAPI 3.1 is JSON Schema 2020-12; identity keywords dropped). */
function asJsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<string, unknown>;
  return constAsEnum(json);
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const split = (route: string) => {
  const [method = '', path = ''] = route.split(' ');
  return { method: method.toLowerCase(), path };
};

let server: TestServer;
let app: FastifyInstance;
let document: Document;
beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  const response = await fetch(`${server.url}${OPENAPI_PATH}`);
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});
afterAll(() => server?.close());

test('GET /openapi.json is an OpenAPI 3.1 document of every route that is not hidden', () => {
  expect(document.openapi).toBe('3.1.0');
  const published = app.routeTable.filter((route) => !route.hidden && route.method !== 'HEAD' && route.method !== 'OPTIONS');
  expect(published.length).toBeGreaterThan(50);
  const missing = published.filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
  expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  // nor does it list what is not served
  const served = new Set(published.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`));
  const listed = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
  expect(listed.filter((operation) => !served.has(operation))).toEqual([]);
});

test('a signed-in route names its credential (a Firebase ID token); a public one none; each is grouped by its path', () => {
  for (const route of app.routeTable.filter((each) => !each.hidden && each.method !== 'HEAD' && each.method !== 'OPTIONS')) {
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    expect({ route: route.url, security: operation?.security }).toEqual({ route: route.url, security: route.signedIn ? [{ firebase: [] }] : undefined });
    expect(operation?.tags).toEqual([route.url.split('/')[1]]);
  }
});

test('every route declares its answers with a schema', () => {
  const routes = app.routeTable.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.url.startsWith(REFERENCE_PATH));
  // the document itself and Prometheus's text (hidden, not the product's contract) are the two without
  const withoutAnswers = routes.filter((route) => route.url !== OPENAPI_PATH && route.url !== METRICS_PATH && route.answers.length === 0);
  expect(withoutAnswers.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  // and each of its path's parameters
  for (const route of routes.filter((each) => !each.hidden && each.url.includes(':'))) {
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const inPath = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
    expect({ route: route.url, parameters: inPath.sort() }).toEqual({ route: route.url, parameters: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]).sort() });
  }
});

test.each(CONTRACT_ANSWERS)('%s answers %s as the contracts read it', (route, status, schema) => {
  const { method, path } = split(route);
  const answer = document.paths[path]?.[method]?.responses[status];
  expect(answer?.content?.['application/json']?.schema).toEqual(asJsonSchema(schema, 'output'));
});

test.each(CONTRACT_BODIES)('%s takes the body the contracts send', (route, schema) => {
  const { method, path } = split(route);
  const body = document.paths[path]?.[method]?.requestBody;
  expect(body?.content['application/json']?.schema).toEqual(asJsonSchema(schema, 'input'));
});

test('a file answer is documented by its content type, and an answer without a body has none', () => {
  expect(document.paths['/bookings/{bid}/invoice']?.get?.responses['200']?.content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
  expect(document.paths['/users/consumer/{uid}']?.delete?.responses['204']?.content).toBeUndefined();
});

test('the reference page is served from the API itself, with a policy that allows nothing from elsewhere', async () => {
  const page = await fetch(`${server.url}${REFERENCE_PATH}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  const policy = String(page.headers.get('content-security-policy'));
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).not.toMatch(/https?:|validator/);
});
