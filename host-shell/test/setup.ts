import '@testing-library/jest-dom';

// The shell reads the cart count from the API and connects the live stream when its layout appears;
// tests see the calls, not the network.
jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  useLiveConnection: jest.fn(),
}));
jest.mock('@utsav/contracts/booking', () => ({ getCartCount: jest.fn(async () => ({ count: 0 })) }));
// the top bar's way to the provider's side asks whether the person runs a listing: by default they run none
jest.mock('@utsav/contracts/provider', () => ({
  ...jest.requireActual('@utsav/contracts/provider'),
  getProviderListings: jest.fn(async () => ({ listings: [] })),
}));

// jsdom's performance has no User Timing; the app marks the moment it has taken the page over with it
// (src/boot/interactive.ts). Marks of this test file's document only.
if (typeof performance.mark !== 'function') {
  const marks = new Map<string, number>();
  const user = {
    mark: (name: string) => void marks.set(name, performance.now()),
    getEntriesByName: (name: string) => (marks.has(name) ? [{ name, entryType: 'mark', startTime: marks.get(name), duration: 0 }] : []),
    clearMarks: (name?: string) => (name === undefined ? marks.clear() : void marks.delete(name)),
  };
  for (const [name, value] of Object.entries(user)) Object.defineProperty(performance, name, { value, configurable: true });
}
