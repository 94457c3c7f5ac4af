import { PAGE_ROUTES } from '../routes';
import * as z from './zod';

/**
 * What a page reports of how it felt to the person on it (issue 38, item 3): Core Web Vitals measured by the
 * `web-vitals` library in the browser, sent once as the page is left (`POST /vitals`). The route is the route
 * table's pattern (`/service/:serviceId`), never the address: no ids, nothing about the person.
 */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

const ROUTE_PATTERNS = PAGE_ROUTES.map((route) => route.path) as [string, ...string[]];

export const webVitalsReportSchema = z.object({
  route: z.enum(ROUTE_PATTERNS),
  // milliseconds, except CLS (a score); a minute is more than any real page's
  vitals: z
    .array(z.object({ name: z.enum(WEB_VITAL_NAMES), value: z.number().min(0).max(60_000) }))
    .min(1)
    .max(WEB_VITAL_NAMES.length),
});
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;
