/**
 * Each test a page of its own (jsdom packages): the browser's API cache (api-cache.ts in @utsav/contracts,
 * held by its store) starts empty, so no answer one test was given is shown in the next. Before each test,
 * when the previous test's views are gone (Testing Library unmounts them after it). The contracts are the
 * copy the package under test resolves (UTSAV_CONTRACTS, set by jest-config.cjs), mocked or not.
 */
/* global beforeEach -- a jest setup file: jest gives it its globals */
beforeEach(() => {
  const { cacheOf, utsavStore } = require(globalThis.UTSAV_CONTRACTS);
  cacheOf(utsavStore).clear();
});
