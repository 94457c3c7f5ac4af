import { configure, INTERACTIVE } from '@utsav/contracts';
import { reportWebVitalsLater } from '../src/boot/web-vitals-later';

// the library's measurements, played back (a unit test: jsdom has no paint or layout to measure)
type Report = (metric: { name: string; value: number }) => void;
const listeners: Record<string, Report> = {};
jest.mock('web-vitals', () => ({
  onCLS: (report: Report) => (listeners.CLS = report),
  onFCP: (report: Report) => (listeners.FCP = report),
  onINP: (report: Report) => (listeners.INP = report),
  onLCP: (report: Report) => (listeners.LCP = report),
  onTTFB: (report: Report) => (listeners.TTFB = report),
}));

const beacons: Array<{ url: string; body: unknown }> = [];
beforeEach(() => {
  beacons.length = 0;
  for (const name of Object.keys(listeners)) delete listeners[name];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
  });
  configure({ apiUrl: 'https://api.utsav.example', webVitalsSampleRate: 0.25 });
  window.history.replaceState(null, '', '/service/8c0a0f4e-0000-4000-8000-000000000000');
});

const hide = (state: 'hidden' | 'visible' = 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
};
const interactive = async () => {
  document.dispatchEvent(new Event(INTERACTIVE));
  for (let tries = 0; tries < 50 && !listeners.LCP; tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

test('a sampled page load sends what it measured once, as it is hidden, for its route pattern (no id)', async () => {
  reportWebVitalsLater(() => 0.1);
  await interactive();
  listeners.LCP!({ name: 'LCP', value: 2380 });
  listeners.CLS!({ name: 'CLS', value: 0.01 });
  listeners.LCP!({ name: 'LCP', value: 2410 });
  hide('visible');
  expect(beacons).toEqual([]);
  hide();
  expect(beacons).toEqual([
    { url: 'https://api.utsav.example/vitals', body: { route: '/service/:serviceId', vitals: [{ name: 'LCP', value: 2410 }, { name: 'CLS', value: 0.01 }] } },
  ]);
  // shown again and hidden again with nothing new: nothing more
  hide();
  expect(beacons).toHaveLength(1);
  listeners.INP!({ name: 'INP', value: 96 });
  hide();
  expect(beacons[1]?.body).toEqual({ route: '/service/:serviceId', vitals: [{ name: 'INP', value: 96 }] });
});

test('a page load outside the sample, or with sampling off, loads nothing and sends nothing', async () => {
  reportWebVitalsLater(() => 0.3);
  configure({ apiUrl: 'https://api.utsav.example', webVitalsSampleRate: 0 });
  reportWebVitalsLater(() => 0);
  await interactive();
  expect(listeners.LCP).toBeUndefined();
  hide();
  expect(beacons).toEqual([]);
});
