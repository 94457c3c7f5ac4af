// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest, currentCache, type ApiCache, type ResourceKey } from '@utsav/contracts';
import { checkedAnswer } from './checked-answer';
import type { LiveThread, Message, MessageInput, MessageReport, Thread, ThreadKind, ThreadRole, ThreadSummary } from '../domain/schemas/message';

/**
 * Conversations (issue 37, item 4), `@utsav/contracts/messages`: the signed-in person's threads with the other side of
 * an enquiry or a booking, from either side (the API finds which from the thread). Answers are checked by the contract
 * schemas, loaded with the first answer (checked-answer.ts).
 */
const schemas = () => import('../domain/schemas/message');
type Schemas = typeof import('../domain/schemas/message');
const checked = <T>(schemaOf: (module: Schemas) => { parse(data: unknown): T }, answer: Promise<unknown>) => checkedAnswer(schemas(), schemaOf, answer);
const seg = encodeURIComponent;

/** The kind (key[0]) of the lists of conversations: every one of them follows a thread's change. */
const THREAD_LISTS = 'threads';

export const threadKeys = {
  /** `uid`'s conversations on one side, the newest message first */
  list: (uid: string, role: ThreadRole): ResourceKey => [THREAD_LISTS, uid, role],
  /** one thread's newest page */
  one: (kind: ThreadKind, threadId: string): ResourceKey => ['thread', kind, threadId.toLowerCase()],
} as const;

/** The names a conversation and the lists are kept under on this device, for reading offline (saved-answers.ts). */
export const savedThreadName = (kind: ThreadKind, threadId: string) => `thread-${kind}-${threadId.toLowerCase()}`;
export const savedThreadsName = (role: ThreadRole) => `threads-${role}`;

export function getThreads(role: ThreadRole, signal?: AbortSignal): Promise<ThreadSummary[]> {
  return checked((s) => s.threadListSchema, apiRequest<unknown>(`/threads?role=${role}`, { auth: true, signal }));
}

/** A thread's newest messages (oldest first), or those before a message of it (`before`). */
export function getThread(kind: ThreadKind, threadId: string, { before, signal }: { before?: string; signal?: AbortSignal } = {}): Promise<Thread> {
  const query = before ? `?before=${seg(before)}` : '';
  return checked((s) => s.threadSchema, apiRequest<unknown>(`/threads/${kind}/${seg(threadId)}${query}`, { auth: true, signal }));
}

/** Sends a message; the same `clientKey` sent again (a lost answer) is still one message. */
export function sendMessage(kind: ThreadKind, threadId: string, input: MessageInput): Promise<Message> {
  return checked((s) => s.messageSchema, apiRequest<unknown>(`/threads/${kind}/${seg(threadId)}/messages`, { method: 'POST', body: input, auth: true }));
}

/** The caller's side has seen everything up to and including message `upTo`. */
export function markThreadRead(kind: ThreadKind, threadId: string, upTo: string): Promise<void> {
  return apiRequest<void>(`/threads/${kind}/${seg(threadId)}/read`, { method: 'POST', body: { upTo }, auth: true });
}

/** Reports a message of the other side for the team to look at. */
export function reportMessage(messageId: string, report: MessageReport): Promise<Message> {
  return checked((s) => s.messageSchema, apiRequest<unknown>(`/messages/${seg(messageId)}/report`, { method: 'POST', body: report, auth: true }));
}

/**
 * A thread changed (the live stream's `thread` event: a message, a read mark, from this device or another): the page
 * showing it, and the lists of conversations, ask again (nothing when no page shows them).
 */
export function showThreadChange(uid: string, change: LiveThread, cache: ApiCache = currentCache()): void {
  cache.invalidate(threadKeys.one(change.kind, change.threadId));
  cache.invalidate(threadKeys.list(uid, change.role));
}

/** A message the server answered a send with, at the end of its thread as the page holds it (once). */
export function showSentMessage(kind: ThreadKind, threadId: string, message: Message, cache: ApiCache = currentCache()): void {
  cache.update<Thread>(threadKeys.one(kind, threadId), (thread) =>
    thread.messages.some((m) => m.messageId === message.messageId) ? thread : { ...thread, messages: [...thread.messages, message] },
  );
}
