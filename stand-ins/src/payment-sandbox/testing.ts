import { createHmac } from 'node:crypto';
import { RAZORPAY_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';
import { buildSandboxApp, type SandboxApp, type SandboxOptions } from './app';

/**
 * For tests that talk to the sandbox as Razorpay's clients do (its own tests, and the API's payment suites):
 * one way to start it and to speak its protocol's credentials and signatures.
 */
export const KEY_ID = RAZORPAY_LOCAL.KEY_ID;
export const KEY_SECRET = RAZORPAY_LOCAL.KEY_SECRET;
export const WEBHOOK_SECRET = RAZORPAY_LOCAL.WEBHOOK_SECRET;

/** The Orders API's basic auth (the local key by default). */
export const basicAuth = (id: string = KEY_ID, secret: string = KEY_SECRET) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
/** A Razorpay signature: HMAC-SHA256 in hex. */
export const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** A sandbox listening on a free port; quick webhook retries so tests do not wait long. */
export async function startSandbox(options: SandboxOptions = {}): Promise<{ sandbox: SandboxApp; url: string }> {
  const sandbox = buildSandboxApp({ logger: false, webhookRetryDelaysMs: [20, 50, 100], webhookTimeoutMs: 2_000, ...options });
  const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  return { sandbox, url };
}

/** A call to the sandbox's Razorpay API as a merchant's server makes it (basic auth, JSON). */
export async function providerCall(sandboxUrl: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: { Authorization: basicAuth(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { items?: Record<string, unknown>[] } };
}
