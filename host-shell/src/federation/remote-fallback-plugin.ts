import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError } from './errors';

/**
 * When a remote can't be loaded, hand back a stand-in page module instead of letting the
 * federation runtime reject: rendering it throws RemoteUnavailableError, which the route's error
 * boundary turns into a message with Retry. Nothing is cached for the failed remote, so Retry
 * fetches its manifest again. (No React import here: this file runs before sharing is set up.)
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'utsav-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = args.id.split('/')[0] ?? args.id;
      const error = new RemoteUnavailableError(remote, args.error);
      const UnavailablePage = () => {
        throw error;
      };
      return { __esModule: true, default: UnavailablePage, remoteUnavailable: error };
    },
  };
}
