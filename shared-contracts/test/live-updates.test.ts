jest.mock('../src/client/firebase', () => ({ currentIdToken: async () => 'id-token-1' }));

import { act, renderHook } from '@testing-library/react';
import {
  connectLiveUpdates,
  dismissToast,
  INTERACTIVE,
  liveStatusAtom,
  ApiCache,
  cacheOf,
  bookingKeys,
  resource,
  showBookingChange,
  sessionAtom,
  sseParser,
  toastsAtom,
  unreadNotificationsAtom,
  useLiveConnection,
  utsavStore,
  type Session,
  type SseEvent,
} from '../src';
import { threadKeys } from '../src/client/message-api';
import type { AppNotification, Booking } from '../src/domain/schemas';

/**
 * The live client against a scripted stream: each connection the client opens gets a ReadableStream the
 * test writes Server-Sent Events into, as the API would, and closes when it wants the stream to end.
 */

interface Connection {
  headers: Record<string, string>;
  send(text: string): void;
  end(): void;
}

const connections: Connection[] = [];
let answerStatus = 200;
const fetchMock = jest.fn(async (_url: string, init: RequestInit) => {
  if (answerStatus !== 200) return new Response(JSON.stringify({ message: 'no' }), { status: answerStatus });
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  connections.push({ headers: init.headers as Record<string, string>, send: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
});
beforeAll(() => {
  global.fetch = fetchMock as unknown as typeof fetch;
});
let disconnect: () => void = () => undefined;
afterEach(() => {
  disconnect();
  connections.splice(0);
  answerStatus = 200;
  utsavStore.get(toastsAtom).forEach((t) => dismissToast(t.id));
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};
const sse = (event: string, id: string, data: unknown) => `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
const booking = { bookingId: 'b1', serviceId: 's1', menuId: 'm1', menuName: 'Gold', serviceTitle: 'Lens Studio', providerName: 'Lens', address: null, status: 'accepted', bookingDate: '2026-11-20', preferredDateRange: { from: '2026-12-05', to: '2026-12-05' }, preferredTime: { start: '10:00', end: '14:00' }, currency: 'INR', amount: 9_000_000, listAmount: 9_000_000, discount: 0, couponCode: null, payment: { advance: 900_000, platformFee: 0, gst: 0, payNow: 900_000, remaining: 8_100_000 }, createdAt: '2026-11-20T10:00:00.000Z' } as unknown as Booking;
const notification = (id: string, push: boolean): AppNotification => ({ notificationId: id, kind: 'accepted', bookingId: 'b1', enquiryId: null, title: 'Your booking was accepted — pay the advance to confirm', body: 'Lens Studio, 5 Dec 2026.', push, createdAt: '2026-11-25T10:00:00.000Z', read: false });

test('the parser: events across chunks, several data lines, comments and CRLF', () => {
  const events: SseEvent[] = [];
  const feed = sseParser((event) => events.push(event));
  feed(': ping\n\nretry: 3000\n\nevent: ready\nid: 7\nda');
  feed('ta: {"a":1}\r\n\r\ndata: one\ndata: two\n\n');
  expect(events).toEqual([
    { event: 'ready', id: '7', data: '{"a":1}' },
    { event: 'message', id: undefined, data: 'one\ntwo' },
  ]);
});

test('connects with the credential, is open on ready, shows a booking in the page\'s views of it, sets the unread count, toasts a push notification once', async () => {
  // the page shows the user's bookings and this booking's summary
  const cache = cacheOf(utsavStore);
  const shown = { ...booking, status: 'requested' } as Booking;
  const other = { ...booking, bookingId: 'b0' } as Booking;
  cache.hydrate([
    [JSON.stringify(bookingKeys.mine('user-1')), { ok: true, data: [other, shown] }],
    [JSON.stringify(bookingKeys.one('b1')), { ok: true, data: shown }],
  ]);
  const got = () => [cache.state<Booking[]>(bookingKeys.mine('user-1')).data, cache.state<Booking>(bookingKeys.one('b1')).data] as const;
  disconnect = connectLiveUpdates('user-1');
  await until(() => connections.length === 1);
  expect(fetchMock.mock.calls[0]![0]).toBe('http://localhost:4000/users/user-1/events');
  expect(connections[0]!.headers).toMatchObject({ Authorization: 'Bearer id-token-1', Accept: 'text/event-stream' });
  expect(connections[0]!.headers['Last-Event-ID']).toBeUndefined();

  connections[0]!.send(sse('ready', '10', { unreadCount: 2 }));
  await until(() => utsavStore.get(liveStatusAtom) === 'open');
  expect(utsavStore.get(unreadNotificationsAtom)).toBe(2);

  connections[0]!.send(sse('booking', '11', booking) + sse('notification', '11', { notification: notification('n1', true), unreadCount: 3 }));
  await until(() => got()[1]?.status === 'accepted' && utsavStore.get(unreadNotificationsAtom) === 3);
  expect(got()).toEqual([[other, expect.objectContaining({ bookingId: 'b1', status: 'accepted' })], expect.objectContaining({ bookingId: 'b1', status: 'accepted' })]);
  expect(utsavStore.get(toastsAtom)).toEqual([expect.objectContaining({ message: 'Your booking was accepted — pay the advance to confirm', type: 'success' })]);

  // the server ends the stream: the client comes back at once, from where it was, and the same notification again is not shown again
  connections[0]!.end();
  await until(() => connections.length === 2);
  expect(connections[1]!.headers['Last-Event-ID']).toBe('11');
  utsavStore.get(toastsAtom).forEach((t) => dismissToast(t.id));
  connections[1]!.send(sse('ready', '11', { unreadCount: 3 }) + sse('notification', '11', { notification: notification('n1', true), unreadCount: 3 }));
  await until(() => utsavStore.get(liveStatusAtom) === 'open');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(utsavStore.get(toastsAtom)).toEqual([]);
  cache.clear();
});

test("a booking's change shows in every view of it: the booking, the user's list (a new one on top), and what follows from it is asked again", async () => {
  const cache = new ApiCache();
  const older = { ...booking, bookingId: 'b0' } as Booking;
  const history = jest.fn().mockResolvedValue({ events: ['again'] });
  cache.hydrate([[JSON.stringify(bookingKeys.mine('user-1')), { ok: true, data: [older] }]]);
  cache.prefetch(resource(bookingKeys.history('b1'), history));
  await until(() => cache.state(bookingKeys.history('b1')).status === 'success');
  const stopWatching = cache.subscribe(bookingKeys.history('b1'), () => undefined);
  showBookingChange(booking, cache);
  expect(cache.state(bookingKeys.mine('user-1')).data).toEqual([booking, older]);
  // a booking no view holds is not made up
  expect(cache.state(bookingKeys.one('b1')).status).toBe('loading');
  expect(history).toHaveBeenCalledTimes(2);
  showBookingChange({ ...booking, status: 'confirmed' } as Booking, cache);
  expect(cache.state<Booking[]>(bookingKeys.mine('user-1')).data?.map((b) => [b.bookingId, b.status])).toEqual([['b1', 'confirmed'], ['b0', 'accepted']]);
  stopWatching();
});

test("a conversation's change (a message, a read mark): the thread a page shows and that side's list of conversations are asked again", async () => {
  const cache = cacheOf(utsavStore);
  const readThread = jest.fn().mockResolvedValue({ messages: [] });
  const readList = jest.fn().mockResolvedValue([]);
  const otherThread = jest.fn().mockResolvedValue({ messages: [] });
  cache.prefetch(resource(threadKeys.one('enquiry', 'en1'), readThread));
  cache.prefetch(resource(threadKeys.list('user-1', 'provider'), readList));
  cache.prefetch(resource(threadKeys.one('booking', 'b9'), otherThread));
  await until(() => [readThread, readList, otherThread].every((call) => call.mock.calls.length === 1));
  const watching = [threadKeys.one('enquiry', 'en1'), threadKeys.list('user-1', 'provider'), threadKeys.one('booking', 'b9')].map((key) => cache.subscribe(key, () => undefined));
  disconnect = connectLiveUpdates('user-1');
  await until(() => connections.length === 1);
  connections[0]!.send(sse('ready', '20', { unreadCount: 0 }) + sse('thread', '21', { kind: 'enquiry', threadId: 'EN1', role: 'provider' }));
  await until(() => readThread.mock.calls.length === 2 && readList.mock.calls.length === 2);
  // another thread is left alone; a malformed event is ignored
  connections[0]!.send(sse('thread', '22', { kind: 'plan', threadId: 'x' }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(otherThread).toHaveBeenCalledTimes(1);
  for (const stop of watching) stop();
  cache.clear();
});

test('a notification with push off changes the count but raises no toast', async () => {
  disconnect = connectLiveUpdates('user-1');
  await until(() => connections.length === 1);
  connections[0]!.send(sse('ready', '1', { unreadCount: 0 }) + sse('notification', '2', { notification: notification('n9', false), unreadCount: 1 }));
  await until(() => utsavStore.get(unreadNotificationsAtom) === 1);
  expect(utsavStore.get(toastsAtom)).toEqual([]);
});

test("refused (403: not this user's): down, and it does not ask again; disconnecting is off with no count", async () => {
  answerStatus = 403;
  const callsBefore = fetchMock.mock.calls.length;
  disconnect = connectLiveUpdates('user-1');
  await until(() => utsavStore.get(liveStatusAtom) === 'down');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchMock.mock.calls.length - callsBefore).toBe(1);
  disconnect();
  expect(utsavStore.get(liveStatusAtom)).toBe('off');
  expect(utsavStore.get(unreadNotificationsAtom)).toBe(0);
});

test('the layout connects the stream only once the app has taken the page over (it is no part of the first screen), and disconnects when it goes', async () => {
  const session: Session = { status: 'signedIn', uid: 'user-1', phone: null, profile: { status: 'checking' } };
  act(() => utsavStore.set(sessionAtom, session));
  const { unmount } = renderHook(() => useLiveConnection());
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(connections).toHaveLength(0);
  expect(utsavStore.get(liveStatusAtom)).toBe('off');

  // what the host does once React has committed the first screen (host-shell/src/boot/interactive.ts)
  act(() => void document.dispatchEvent(new Event(INTERACTIVE)));
  await until(() => connections.length === 1);
  expect(fetchMock.mock.calls.at(-1)![0]).toBe('http://localhost:4000/users/user-1/events');
  unmount();
  expect(utsavStore.get(liveStatusAtom)).toBe('off');
  act(() => utsavStore.set(sessionAtom, { status: 'loading' }));
});
