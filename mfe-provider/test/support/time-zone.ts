/** The jest process's environment (this package's types are the browser's, without Node's). */
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

/**
 * Runs `run` with the process's clock in `zone` (Node reads TZ again when it changes), as a phone set to
 * that zone would be; the zone before is put back after.
 */
export async function inTimeZone(zone: string, run: () => Promise<void>): Promise<void> {
  const before = env.TZ;
  env.TZ = zone;
  try {
    await run();
  } finally {
    if (before === undefined) delete env.TZ;
    else env.TZ = before;
  }
}
