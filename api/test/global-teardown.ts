/** Stops the Auth emulator if global-setup started it (one that was already running is left alone). */
export default async function globalTeardown(): Promise<void> {
  const pid = globalThis.__utsavAuthEmulatorPid;
  if (!pid) return;
  globalThis.__utsavAuthEmulatorPid = undefined;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // SIGINT is how the firebase CLI expects to be stopped (it shuts the emulators down cleanly)
  if (!alive()) return;
  process.kill(-pid, 'SIGINT');
  const deadline = Date.now() + 10_000;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive()) process.kill(-pid, 'SIGKILL');
}
