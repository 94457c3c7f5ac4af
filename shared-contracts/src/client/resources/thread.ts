// By package name, not relative paths (see ./catalog.ts).
import { getThread, getThreads, savedThreadName, savedThreadsName, threadKeys } from '@utsav/contracts/threads';
import { resource } from '@utsav/contracts';
import type { ThreadKind, ThreadRole } from '../../domain/schemas/message';

/** The conversations' resources, `threadResources` (../thread-resources.ts). */

/** `uid`'s conversations on one side, the newest message first: kept on this device for reading offline */
export const threads = (uid: string, role: ThreadRole) => resource(threadKeys.list(uid, role), (signal) => getThreads(role, signal), { uid, name: savedThreadsName(role) });
/** one thread's newest page: kept on this device for reading offline */
export const thread = (uid: string, kind: ThreadKind, threadId: string) =>
  resource(threadKeys.one(kind, threadId), (signal) => getThread(kind, threadId, { signal }), { uid, name: savedThreadName(kind, threadId) });
