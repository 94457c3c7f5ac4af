// The provider side's resources, an entry of their own (`@utsav/contracts/provider-resources`), not in
// `@utsav/contracts/resources`, which every remote imports: there, a consumer remote's build carried the provider
// calls (`@utsav/contracts/provider`) into a script loaded after the page takes taps (My Bookings: 107.0 KB gzip of
// such scripts, 103.0 without; the first load was the same, `npm run bench -- --only first-load`).
export * as providerResources from './resources/provider';
