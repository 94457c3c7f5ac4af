/** Resolved by the webpack config to @module-federation/runtime-core's CommonJS build. */
declare module 'utsav-federation-runtime-core' {
  const runtimeCore: Record<string, unknown>;
  export = runtimeCore;
}
