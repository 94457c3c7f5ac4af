import type { FastifyInstance } from 'fastify';
import { buildSandboxApp } from '../src/sandbox/app';

let sandbox: FastifyInstance;
let url: string;
beforeAll(async () => {
  sandbox = buildSandboxApp({ logger: false });
  url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sandbox.close());

test('the payment sandbox answers GET /health', async () => {
  const response = await fetch(`${url}/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
