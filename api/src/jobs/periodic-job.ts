import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';

/** A piece of the API's background work: `run` every `everyMs`, from the app's ready until its close. */
export interface BackgroundJob {
  name: string;
  everyMs: number;
  /** one run; `stopping` is aborted when the app closes (a long run may end early) */
  run(stopping: AbortSignal): Promise<unknown>;
  /** what the job holds beyond its runs (a mail connection), let go once its last run has ended */
  close?(): Promise<void>;
}

interface PeriodicJob {
  /** stops the timer; resolves once a run in progress has finished */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `everyMs` (the first run one interval after the start) until stopped, one run at a time;
 * a run that fails is logged and the next one comes as usual.
 */
function startPeriodicJob(job: BackgroundJob, log: FastifyBaseLogger): PeriodicJob {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  function schedule(): void {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = job
        .run(stopping.signal)
        .catch((error: unknown) => {
          if (!stopping.signal.aborted) log.error({ err: error }, `${job.name} failed`);
        })
        .finally(schedule);
    }, job.everyMs);
    timer.unref(); // never what keeps a process alive
  }

  schedule();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The app's background jobs, in one plugin: each one that is on (a job whose interval is 0 is not) runs from
 * the app's ready (the server migrates before it listens) until its close (before the database is closed).
 */
export const backgroundJobs: FastifyPluginAsync<{ jobs: BackgroundJob[] }> = async (app, { jobs }) => {
  const on = jobs.filter((job) => job.everyMs > 0);
  let running: PeriodicJob[] = [];
  app.addHook('onReady', async () => {
    running = on.map((job) => startPeriodicJob(job, app.log));
  });
  app.addHook('onClose', async () => {
    await Promise.all(running.map((job) => job.stop()));
    await Promise.all(on.map((job) => job.close?.()));
  });
};
