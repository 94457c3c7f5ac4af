import http from 'node:http';
import { startApiProcess, killAllApiProcesses } from './support/api-process';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { pgliteStore, postgresStore, type DurabilityStore } from './support/durability-store';
import { openLiveStream } from './support/live-stream';
import { errorSaying } from './support/error-answers';

/**
 * Graceful shutdown (issue 21, item 4): SIGTERM while requests are in flight and a live stream is open —
 * GET /ready turns 503 for SHUTDOWN_DRAIN_MS while requests are still taken, then every request the
 * server has begun to receive is answered, the stream is ended (its client reconnects
 * elsewhere), and the process exits 0 without waiting for the stream's client to hang up.
 */

let store: DurabilityStore;
let user: TestUser;
beforeAll(async () => {
  store = process.env.DATABASE_URL ? await postgresStore(process.env.DATABASE_URL) : pgliteStore();
  user = await signInWithPhone();
});
afterAll(async () => {
  await killAllApiProcesses();
  await store?.remove();
});

/** A write whose body comes in two parts: the server has the request, and waits for the rest of it. */
function halfSentWrite(url: string, token: string, uid: string) {
  const body = JSON.stringify({ notifications: { email: true, sms: false, push: true } });
  const target = new URL(`${url}/users/consumer/${uid}/settings`);
  let finish!: () => void;
  const answered = new Promise<number>((resolve, reject) => {
    const request = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    finish = () => request.end(body.slice(10));
  });
  return { answered, finish };
}

test('SIGTERM: requests in flight answered, live streams ended, exit 0 at once', async () => {
  const api = await startApiProcess({ ...store.env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', PROVIDER_AUTO_ACCEPT_MS: '0', SHUTDOWN_DRAIN_MS: '1000' });
  expect((await fetch(`${api.url}/ready`)).status).toBe(200);
  const stream = await openLiveStream(api.url, user.uid, user.idToken);
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === 'ready');

  const writes = Array.from({ length: 5 }, () => halfSentWrite(api.url, user.idToken, user.uid));
  // the server has begun to receive them
  await new Promise((resolve) => setTimeout(resolve, 300));
  const signalled = Date.now();
  process.kill(api.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  // draining: not ready any more (the load balancer stops sending), yet still answering what comes meanwhile
  const ready = await fetch(`${api.url}/ready`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual(errorSaying('Shutting down'));
  expect((await fetch(`${api.url}/health`)).status).toBe(200);
  for (const write of writes) write.finish();

  // answered (this user has no profile: 404), not cut off
  expect(await Promise.all(writes.map((write) => write.answered))).toEqual(Array(5).fill(404));
  const exit = await api.exited;
  expect(exit).toEqual({ code: 0, signal: null });
  // the open stream did not hold the shutdown up (a client would keep it open for good)
  expect(Date.now() - signalled).toBeLessThan(10_000);
  expect(api.output()).toMatch(/shutting down/);
}, 120_000);
