import { useSyncExternalStore } from 'react';
import { ACTION_BAR_SELECTOR } from '@utsav/contracts';

/**
 * How far above the bottom edge of the window the highest marked action bar on screen reaches (px),
 * 0 when none is on screen (`ACTION_BAR` in @utsav/contracts marks them).
 */
export function actionBarClearance(): number {
  let clearance = 0;
  for (const bar of document.querySelectorAll(ACTION_BAR_SELECTOR)) {
    const box = bar.getBoundingClientRect();
    if (box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
    clearance = Math.max(clearance, window.innerHeight - box.top);
  }
  return Math.ceil(clearance);
}

const none = () => 0;

/** Tells `onChange` (once a frame at most) of anything that may move an action bar. */
function subscribe(onChange: () => void): () => void {
  let frame = 0;
  const changed = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(onChange);
  };
  const changes = new MutationObserver(changed);
  changes.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-action-bar', 'style', 'class'] });
  window.addEventListener('scroll', changed, { passive: true });
  window.addEventListener('resize', changed);
  return () => {
    cancelAnimationFrame(frame);
    changes.disconnect();
    window.removeEventListener('scroll', changed);
    window.removeEventListener('resize', changed);
  };
}

const ignore = () => () => {};

/**
 * `actionBarClearance()` while `active` (while toasts are shown at the bottom), read as the toasts
 * render (never a frame over a bar) and kept up to date on scroll, resize and any change of the page
 * (a bar that comes or goes, or grows with a message); 0 otherwise, and on the server.
 */
export function useActionBarClearance(active: boolean): number {
  return useSyncExternalStore(active ? subscribe : ignore, active ? actionBarClearance : none, none);
}
