import { nextTask } from './boot/next-task';
import { fetchRuntimeSettings } from './boot/runtime-settings';
import { showStartFailure } from './boot/start-failure';
import { RENDERED_PAGE_ID } from './boot/rendered-page';

// A page the server rendered carries the settings; else their requests leave at once, while the app's
// code is still arriving. The app's code loads in a task of its own, after the federation runtime's
// start-up, behind an async boundary so shared modules are negotiated before any of them is used.
const settings = document.getElementById(RENDERED_PAGE_ID) ? Promise.resolve(null) : fetchRuntimeSettings();
Promise.all([settings, nextTask().then(() => import('./bootstrap'))])
  .then(([fetched, { boot }]) => boot(fetched))
  .catch(showStartFailure);
