import Fastify from 'fastify';
import { backgroundJobs, type BackgroundJob } from '../src/jobs/periodic-job';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that counts its runs; its runs take `takesMs` and the ones listed in `failing` throw. */
function countingJob(name: string, everyMs: number, { takesMs = 0, failing = [] as number[] } = {}) {
  const state = { runs: 0, finished: 0, closed: false, abortedSeen: false };
  const job: BackgroundJob = {
    name,
    everyMs,
    async run(stopping) {
      state.runs += 1;
      const run = state.runs;
      await sleep(takesMs);
      state.abortedSeen ||= stopping.aborted;
      state.finished += 1;
      if (failing.includes(run)) throw new Error(`run ${run} failed`);
    },
    async close() {
      state.closed = true;
    },
  };
  return { job, state };
}

test('jobs run from ready, one run at a time, past a failed run; an interval of 0 is off', async () => {
  const app = Fastify({ logger: false });
  const steady = countingJob('steady', 20, { failing: [1] });
  const off = countingJob('off', 0);
  await app.register(backgroundJobs, { jobs: [steady.job, off.job] });
  await sleep(60);
  expect(steady.state.runs).toBe(0); // not before ready
  await app.ready();
  await sleep(200);
  expect(steady.state.runs).toBeGreaterThanOrEqual(3); // the failed first run did not stop it
  expect(off.state.runs).toBe(0);
  await app.close();
  expect(off.state.closed).toBe(false);
});

test('close waits for the run in progress (told it is stopping), then lets go of what the job holds, and nothing runs after', async () => {
  const app = Fastify({ logger: false });
  const slow = countingJob('slow', 10, { takesMs: 150 });
  await app.register(backgroundJobs, { jobs: [slow.job] });
  await app.ready();
  await sleep(50); // a run has started and is in progress
  expect(slow.state.runs).toBe(1);
  await app.close();
  expect(slow.state.finished).toBe(1);
  expect(slow.state.abortedSeen).toBe(true);
  expect(slow.state.closed).toBe(true);
  await sleep(60);
  expect(slow.state.runs).toBe(1);
});
