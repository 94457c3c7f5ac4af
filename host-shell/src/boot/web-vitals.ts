import { getConfig } from '@utsav/contracts';
import { matchPageRoute } from '@utsav/contracts/page-route-match';
import type { WebVitalName, WebVitalsReport } from '@utsav/contracts/schemas';
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';

/**
 * The page's own Core Web Vitals, reported to the API (`POST /vitals`, issue 38 item 3), so the performance goals
 * are watched on real phones, not only in the bench. Loaded after the page is interactive, for a sampled share of
 * page loads (./web-vitals-later.ts). What the library measured is sent as a beacon when the page is hidden (left,
 * or the app sent to the background), for the route pattern of the page it was loaded on (`/service/:serviceId`:
 * no ids, nothing about the person).
 */
export function reportWebVitals(): void {
  const route = matchPageRoute(window.location.pathname)?.route.path;
  if (!route || typeof navigator.sendBeacon !== 'function') return;
  const measured = new Map<WebVitalName, number>();
  const keep = ({ name, value }: { name: WebVitalName; value: number }) => measured.set(name, value);
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || measured.size === 0) return;
    const report: WebVitalsReport = { route, vitals: [...measured].map(([name, value]) => ({ name, value: Math.min(value, 60_000) })) };
    measured.clear();
    // text: a simple request, sent without a CORS preflight as the page goes away
    navigator.sendBeacon(`${getConfig().apiUrl}/vitals`, JSON.stringify(report));
  });
}
