import { performance as nodePerformance } from 'node:perf_hooks';
import '@testing-library/jest-dom';

// The shell reads the cart count from the API and connects the live stream when its layout appears;
// tests see the calls, not the network.
jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  refreshCartCount: jest.fn(async () => undefined),
  useLiveConnection: jest.fn(),
}));

// jsdom's performance has no User Timing; the app marks the moment it has taken the page over with it
// (src/boot/interactive.ts): Node's marks stand in.

for (const name of ['mark', 'getEntriesByName', 'clearMarks'] as const) {
  if (typeof performance[name] !== 'function') Object.defineProperty(performance, name, { value: nodePerformance[name].bind(nodePerformance), configurable: true });
}
