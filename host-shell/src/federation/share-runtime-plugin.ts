import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The same CommonJS build of the runtime core that the host's own federation runtime runs on
// (an alias in the webpack config): handing the host's copy to the remotes, not a second one.
import * as runtimeCore from 'utsav-federation-runtime-core';

/**
 * Production remotes are built with the federation runtime core external (they read it from
 * this global), so a page loads the runtime once instead of once per remote.
 */
export default function shareRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'utsav-share-runtime',
    beforeInit(args) {
      (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;
      return args;
    },
  };
}
