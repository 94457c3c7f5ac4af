import { nextTask } from './boot/next-task';
import { fetchRuntimeSettings } from './boot/runtime-settings';
import { showStartFailure } from './boot/start-failure';

// The settings' requests leave at once, while the app's code is still arriving. The app's code
// loads in a task of its own, after the federation runtime's start-up, behind an async boundary
// so shared modules are negotiated before any of them is used.
Promise.all([fetchRuntimeSettings(), nextTask().then(() => import('./bootstrap'))])
  .then(([settings, { boot }]) => boot(settings))
  .catch(showStartFailure);
