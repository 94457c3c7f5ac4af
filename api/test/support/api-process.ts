import { spawn, type ChildProcess } from 'node:child_process';
import { API_ROOT } from '../../src/config';

/** The API as its own operating-system process (src/server.ts under tsx), so a test can kill -9 it. */
export interface ApiProcess {
  /** http://127.0.0.1:<port>, no trailing slash */
  url: string;
  pid: number;
  /** resolves once the process has exited: its exit code, or the signal that ended it */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** the process's last lines of output, for failure messages */
  output(): string;
}

const OUTPUT_LINES_KEPT = 40;
const START_TIMEOUT_MS = 90_000;
// the server's own start message (server.ts), logged once migrations and the seed are done
const LISTENING = /Utsav API listening on (http:\/\/[^"\s]+)/;

const running = new Set<ChildProcess>();

/**
 * Starts the API with the given environment on a port the system picks (PORT=0), and resolves once it
 * listens. The parent's environment is inherited, so PATH and the like stay as they are.
 */
export function startApiProcess(env: Record<string, string | undefined>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  const output = () => lines.join('\n');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );

  return new Promise<ApiProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output()}`));
    }, START_TIMEOUT_MS);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the API exited before listening (code ${code}, signal ${signal}):\n${output()}`));
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
          const url = LISTENING.exec(line)?.[1];
          if (url && child.pid !== undefined) {
            clearTimeout(timer);
            resolve({ url, pid: child.pid, exited, output });
          }
        }
      });
    }
  });
}

/** SIGKILLs every API process still running (for afterAll, so no server outlives its test file). */
export async function killAllApiProcesses(): Promise<void> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (!child.kill('SIGKILL')) resolve();
        }),
    ),
  );
}
