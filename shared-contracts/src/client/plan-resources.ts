// Planning a wedding's resources (issue 37), an entry of their own (`@utsav/contracts/plan-resources`) like the
// provider's: only the pages that show plans or hearts carry their calls (`@utsav/contracts/plans`).
export * as planResources from './resources/plan';
