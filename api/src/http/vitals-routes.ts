import { webVitalsReportSchema } from '@utsav/contracts/schemas';
import type { ApiMetrics } from './metrics';
import { noBody, type ApiPlugin } from './route-schemas';

/**
 * POST /vitals (issue 38, item 3): a page's Core Web Vitals as the phone measured them, sampled by the host
 * (host-shell/src/boot/web-vitals.ts), into the `utsav_web_vitals` histogram per route pattern, so the performance
 * goals are watched on real phones. Public (a page reports before and after sign-in alike) and anonymous: the
 * route pattern and the figures, nothing else is read or kept. Sent with `navigator.sendBeacon` as text (a simple
 * request: no CORS preflight as the page is left), parsed here as JSON.
 */
export const vitalsRoutes: ApiPlugin<{ metrics: ApiMetrics }> = async (app, { metrics }) => {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.post('/vitals', { schema: { body: webVitalsReportSchema, response: { 204: noBody('recorded') } } }, async (request, reply) => {
    const { route, vitals } = request.body;
    for (const { name, value } of vitals) metrics.vitals.observe({ route, name }, name === 'CLS' ? value : value / 1000);
    return reply.code(204).send(undefined);
  });
};
