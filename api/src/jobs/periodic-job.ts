import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** stops the timer; resolves once a run in progress has finished */
  stop(): Promise<void>;
}

/**
 * Runs `work` every intervalMs (the first run one interval after the start) until stopped, one run at a
 * time; a run that fails is logged and the next one comes as usual. The API's background work (unused
 * uploads, refunds still due) runs this way, from the app's ready until its close.
 */
export function startPeriodicJob(name: string, work: () => Promise<unknown>, intervalMs: number, log: FastifyBaseLogger): PeriodicJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = work()
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(schedule);
    }, intervalMs);
    timer.unref(); // never what keeps a process alive
  }

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
