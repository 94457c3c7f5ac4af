// The host's own copy of the federation runtime core (an alias in webpack-config.cjs to the ES
// module build its bundler runtime imports): handed to the remotes, not a second copy.
import * as runtimeCore from 'utsav-federation-runtime-core';

/**
 * A host runtime plugin. Production remotes are built with the federation runtime core external
 * (`experiments.externalRuntime`: they read it from this global), so a page loads the runtime
 * once instead of once per remote (README.md beside this file: what it buys).
 * @returns {import('@module-federation/enhanced/runtime').ModuleFederationRuntimePlugin}
 */
export default function shareRuntimePlugin() {
  return {
    name: 'utsav-share-runtime',
    beforeInit(args) {
      globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
      return args;
    },
  };
}
