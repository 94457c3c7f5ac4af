import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
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

/** The servers' entry points, each with its own start message (logged once it listens: the API's after its migrations (and the demo seed where SEED_DEMO_CATALOG is set)). */
export const SERVERS = {
  api: { entry: 'src/server.ts', listening: /Utsav API listening on (http:\/\/[^"\s]+)/ },
  sandbox: { entry: '../stand-ins/src/payment-sandbox/server.ts', listening: /Payment sandbox listening on (http:\/\/[^"\s]+)/ },
} as const;
type ServerName = keyof typeof SERVERS;

const running = new Set<ChildProcess>();

type Env = Record<string, string | undefined>;

/** A server under tsx on ports the system picks; the parent's environment is inherited (PATH and the like), `undefined` unsets. */
function spawnServer(server: ServerName, env: Env): ChildProcessByStdio<null, Readable, Readable> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVERS[server].entry], {
    cwd: API_ROOT,
    env: { ...process.env, PORT: '0', PAYMENT_SANDBOX_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Runs a server that is expected to refuse to start, and resolves once it has exited, with all it wrote.
 * Rejects if it is still running after `timeoutMs` (it started instead), after killing it.
 */
export async function runServerUntilExit(
  server: ServerName,
  env: Env,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnServer(server, env);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the ${server} was still running after ${timeoutMs / 1000} s:\n${stdout}${stderr}`));
    }, timeoutMs);
    // 'close', not 'exit': the pipes have been read to the end
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts the API (or the sandbox) with the given environment on a port the system picks, and resolves once it
 * listens. The parent's environment is inherited, so PATH and the like stay as they are.
 */
export function startApiProcess(env: Env, server: ServerName = 'api'): Promise<ApiProcess> {
  const child = spawnServer(server, env);
  const lines: string[] = [];
  const output = () => lines.join('\n');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  return new Promise<ApiProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the ${server} did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output()}`));
    }, START_TIMEOUT_MS);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the ${server} exited before listening (code ${code}, signal ${signal}):\n${output()}`));
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
          const url = SERVERS[server].listening.exec(line)?.[1];
          if (url && child.pid !== undefined) {
            clearTimeout(timer);
            resolve({ url, pid: child.pid, exited, output });
          }
        }
      });
    }
  });
}

/** SIGKILLs every server process still running (for afterAll, so no server outlives its test file). */
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
