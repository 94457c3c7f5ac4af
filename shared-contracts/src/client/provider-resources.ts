// The provider side's resources, an entry of their own (`@utsav/contracts/provider-resources`), not in
// `@utsav/contracts/resources`: every consumer page loads that one before it takes taps, and with this in it
// the provider calls it reaches (`@utsav/contracts/provider`) were in every consumer's first load.
export * as providerResources from './resources/provider';
