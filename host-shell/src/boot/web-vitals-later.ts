import { afterInteractive, getConfig } from '@utsav/contracts';

/**
 * For a sampled share of page loads (`webVitalsSampleRate` of config.json), the web-vitals reporter
 * (./web-vitals.ts, with the library: a chunk of their own) once the page is interactive: nothing of it in the
 * first load, nothing at all for the other loads.
 */
export function reportWebVitalsLater(random: () => number = Math.random): void {
  const rate = getConfig().webVitalsSampleRate ?? 0;
  if (rate <= 0 || random() >= rate) return;
  afterInteractive(() => {
    void import(/* webpackChunkName: "web-vitals" */ './web-vitals').then(({ reportWebVitals }) => reportWebVitals());
  });
}
