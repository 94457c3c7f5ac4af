/**
 * checkout.js in a DOM (jsdom), talking to a real sandbox over HTTP: what a page written for Razorpay sees.
 *
 * @jest-environment @utsav/tooling/src/jest-environment.cjs
 */
import type { SandboxApp } from '../src/payment-sandbox/app';
import { basicAuth, hmacHex, KEY_ID, KEY_SECRET, startSandbox } from '../src/payment-sandbox/testing';

interface RazorpayInstance {
  open(): RazorpayInstance;
  close(): void;
  on(event: string, callback: (response: unknown) => void): RazorpayInstance;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

// The api's tsconfig has no DOM library (it is server code, where `document` must stay an error); the
// little of the DOM this test uses, typed here:
interface El {
  src: string;
  textContent: string | null;
  innerHTML: string;
  disabled: boolean;
  style: Record<string, string>;
  getAttribute(name: string): string | null;
  appendChild(child: El): El;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El>;
  dispatchEvent(event: unknown): boolean;
  focus(): void;
  click(): void;
}
interface Doc {
  head: El;
  body: El;
  activeElement: El | null;
  createElement(tag: string): El;
  querySelector(selector: string): El | null;
  getElementById(id: string): El | null;
}
const { document, window, KeyboardEvent } = globalThis as unknown as {
  document: Doc;
  window: { Razorpay: RazorpayConstructor };
  KeyboardEvent: new (type: string, init: { key: string; shiftKey?: boolean; bubbles?: boolean }) => unknown;
};

let sandbox: SandboxApp;
let url: string;
beforeAll(async () => {
  ({ sandbox, url } = await startSandbox());
  const script = await (await fetch(`${url}/v1/checkout.js`)).text();
  // jsdom does not fetch <script src>: the tag says where it came from, the same text runs inline
  const tag = document.createElement('script');
  tag.src = `${url}/v1/checkout.js`;
  document.head.appendChild(tag);
  const inline = document.createElement('script');
  inline.textContent = script;
  document.head.appendChild(inline);
});
afterAll(() => sandbox.close());
afterEach(() => {
  document.body.innerHTML = '';
  document.body.style.overflow = '';
});

async function newOrder(amount: number): Promise<string> {
  const response = await fetch(`${url}/v1/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: basicAuth() },
    body: JSON.stringify({ amount, currency: 'INR' }),
  });
  return ((await response.json()) as { id: string }).id;
}

async function until<T>(read: () => T | null | undefined | false, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const dialog = () => document.querySelector('[role="dialog"]');
const button = (name: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((node) => (node.getAttribute('aria-label') ?? node.textContent) === name)!;
const press = (key: string, shiftKey = false) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }));

function openCheckout(orderId: string, extra: Record<string, unknown> = {}) {
  const calls = { handler: [] as unknown[], failed: [] as unknown[], dismissed: 0 };
  const opener = document.createElement('button');
  opener.textContent = 'Proceed to Payment';
  document.body.appendChild(opener);
  opener.focus();
  const rzp = new window.Razorpay({
    key: KEY_ID,
    order_id: orderId,
    amount: 511_800,
    currency: 'INR',
    name: 'Utsav',
    description: 'Booking advance',
    prefill: { name: 'Asha Verma', email: 'asha@example.in', contact: '+919812345678' },
    theme: { color: '#c2185b' },
    handler: (response: unknown) => calls.handler.push(response),
    modal: { ondismiss: () => (calls.dismissed += 1) },
    ...extra,
  });
  rzp.on('payment.failed', (response) => calls.failed.push(response));
  rzp.open();
  return { rzp, calls, opener };
}

test('window.Razorpay: no key is an error, as Razorpay’s', () => {
  expect(typeof window.Razorpay).toBe('function');
  expect(() => new window.Razorpay({ order_id: 'order_x' })).toThrow('No key passed');
});

test('open(): an accessible modal dialog with the merchant, the amount in ₹, the contact and the buttons; focus inside', async () => {
  const orderId = await newOrder(511_800);
  openCheckout(orderId);
  const shown = dialog()!;
  expect(shown.getAttribute('aria-modal')).toBe('true');
  const title = document.getElementById(shown.getAttribute('aria-labelledby')!);
  expect(title?.textContent).toBe('Utsav');
  expect(document.getElementById(shown.getAttribute('aria-describedby')!)?.textContent).toBe('₹5,118.00');
  expect(shown.textContent).toContain('Booking advance');
  expect(shown.textContent).toContain('Asha Verma');
  expect(shown.textContent).toContain('asha@example.in');
  expect(shown.textContent).toContain('+919812345678');
  expect([button('Pay'), button('Fail payment'), button('Close')].every(Boolean)).toBe(true);
  expect(document.activeElement).toBe(button('Pay'));
  expect(button('Pay').style.background).toContain('rgb(194, 24, 91)'); // theme.color
  expect(document.body.style.overflow).toBe('hidden');

  // Tab stays inside, in page order (×, Pay, Fail payment): from the last it wraps to the first, and back
  press('Tab');
  expect(document.activeElement).toBe(button('Fail payment'));
  press('Tab');
  expect(document.activeElement).toBe(button('Close'));
  press('Tab', true);
  expect(document.activeElement).toBe(button('Fail payment'));
});

test('Indian digit grouping, from the order’s own amount', async () => {
  const orderId = await newOrder(10_000_000);
  openCheckout(orderId, { amount: undefined });
  await until(() => dialog()?.textContent?.includes('₹1,00,000.00'));
});

test('Pay: the dialog closes, focus goes back, handler gets a result whose signature the server can verify', async () => {
  const orderId = await newOrder(511_800);
  const { calls, opener } = openCheckout(orderId);
  button('Pay').click();
  const [response] = await until(() => calls.handler.length > 0 && calls.handler);
  const result = response as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  expect(result).toEqual({
    razorpay_payment_id: expect.stringMatching(/^pay_/),
    razorpay_order_id: orderId,
    razorpay_signature: hmacHex(KEY_SECRET, `${orderId}|${result.razorpay_payment_id}`),
  });
  expect(dialog()).toBeNull();
  expect(document.activeElement).toBe(opener);
  expect(document.body.style.overflow).toBe('');
  expect(calls).toMatchObject({ failed: [], dismissed: 0 });
  expect(sandbox.sandbox.store.order(orderId)?.status).toBe('paid');
});

test('Fail payment: payment.failed callbacks get Razorpay’s error, the dialog closes, no dismiss', async () => {
  const orderId = await newOrder(511_800);
  const { calls } = openCheckout(orderId);
  button('Fail payment').click();
  const [response] = await until(() => calls.failed.length > 0 && calls.failed);
  expect(response).toEqual({
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: orderId, payment_id: expect.stringMatching(/^pay_/) },
    },
  });
  expect(dialog()).toBeNull();
  expect(calls).toMatchObject({ handler: [], dismissed: 0 });
});

test('Escape or × dismisses: modal.ondismiss, nothing paid', async () => {
  const orderId = await newOrder(511_800);
  const first = openCheckout(orderId);
  press('Escape');
  expect(dialog()).toBeNull();
  await until(() => first.calls.dismissed === 1);

  const second = openCheckout(orderId);
  button('Close').click();
  expect(dialog()).toBeNull();
  await until(() => second.calls.dismissed === 1);
  expect(sandbox.sandbox.store.order(orderId)?.status).toBe('created');
});

test('an order already paid: said so, Pay disabled', async () => {
  const orderId = await newOrder(511_800);
  await fetch(`${url}/v1/checkout/pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ order_id: orderId, key: KEY_ID }) });
  openCheckout(orderId);
  await until(() => dialog()?.querySelector('[role="status"]')?.textContent === 'This order has already been paid.');
  expect(button('Pay').disabled).toBe(true);
  expect(button('Close').disabled).toBe(false);
});
