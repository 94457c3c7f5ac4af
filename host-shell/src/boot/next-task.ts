interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task of the browser's event loop, so the work before and after it are two
 * tasks rather than one long one: the browser can paint and answer input in between.
 * scheduler.yield() where there is one (it keeps this work ahead of other queued tasks), else a
 * zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
