/**
 * One pass over a list of GETs, one at a time: fills the catalog cache before the cached run is measured
 * (a steady state, as a read-mostly server is), and times each request as a cold, unloaded figure.
 */
export interface SequentialPass {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const at = (sorted: number[], share: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(1));

export async function sequentialPass(url: string, paths: readonly string[]): Promise<SequentialPass> {
  const timings: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    timings.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  }
  timings.sort((a, b) => a - b);
  return { requests: timings.length, p50Ms: at(timings, 0.5), p99Ms: at(timings, 0.99), maxMs: at(timings, 1) };
}
