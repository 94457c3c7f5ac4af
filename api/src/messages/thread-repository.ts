import { maskContacts } from '@utsav/contracts/contact-mask';
import {
  CONTACT_VISIBLE_STATUSES,
  THREAD_PAGE_SIZE,
  type Message,
  type MessageFields,
  type MessageReportReason,
  type ServiceCategory,
  type Thread,
  type ThreadKind,
  type ThreadRole,
  type ThreadSubject,
  type ThreadSummary,
} from '@utsav/contracts/schemas';
import { toIso } from '../bookings/booking-rows';
import type { Database, Query } from '../db';
import type { ApiMessage } from '../http/api-messages';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { isUuid } from '../http/uuid';
import { announceChange } from '../live/live-bus';
import { notifyMessage } from '../notifications/outbox';
import { firstName } from '../plans/enquiry-repository';

/**
 * Conversations (issue 37, item 4): one thread per enquiry and one per booking, between its consumer and the person who
 * runs its listing ('provider'); nobody else can read or write it (a 404, as for an id that is not there). A message is
 * stored as typed; its phone numbers and emails are masked as it is read until the booking is confirmed (the enquiry's
 * booking, for an enquiry's thread). Each send wakes both sides' live streams and tells the other side (a notification,
 * per their settings) when it is the first they have not read yet, not once per message.
 */

export const THREAD_MESSAGES = {
  notFound: 'thread.notFound',
  messageNotFound: 'message.notFound',
  photoNotYours: 'message.photoNotYours',
  keyReused: 'message.keyReused',
  reportOwn: 'message.reportOwn',
  empty: 'message.empty',
} as const satisfies Record<string, ApiMessage>;

export const threadNotFound = () => notFound(THREAD_MESSAGES.notFound);

/** Who may see a thread, and what it is about. */
interface ThreadRow {
  kind: ThreadKind;
  thread_id: string;
  consumer_uid: string;
  owner_uid: string | null;
  service_title: string;
  category: string;
  provider_name: string;
  consumer_name: string | null;
  date: string;
  contacts_shown: boolean;
}

/**
 * Every thread, whoever is in it: an enquiry's (shown once its booking, if one was made from its quote, is confirmed)
 * and a booking's. A condition on `t` is pushed down into both halves by the planner. `$3` is the statuses in which
 * contacts show (CONTACT_VISIBLE_STATUSES): each query using it passes them third.
 */
const THREADS = `
  SELECT 'enquiry'::text AS kind, e.id AS thread_id, e.consumer_uid, p.owner_uid, s.title AS service_title, s.category::text AS category,
         p.name AS provider_name, c.name AS consumer_name, to_char(e.event_date, 'YYYY-MM-DD') AS date,
         EXISTS (SELECT 1 FROM bookings b JOIN quotes q ON q.id = b.quote_id WHERE q.enquiry_id = e.id AND b.status = ANY($3::text[])) AS contacts_shown
  FROM enquiries e JOIN services s ON s.id = e.service_id JOIN providers p ON p.id = e.provider_id LEFT JOIN consumers c ON c.uid = e.consumer_uid
  UNION ALL
  SELECT 'booking'::text, b.id, b.consumer_uid, p.owner_uid, b.service_title, s.category::text, b.provider_name, coalesce(c.name, b.consumer_name),
         to_char(b.date_from, 'YYYY-MM-DD'), b.status = ANY($3::text[])
  FROM bookings b JOIN services s ON s.id = b.service_id JOIN providers p ON p.id = b.provider_id LEFT JOIN consumers c ON c.uid = b.consumer_uid`;

const THREAD_COLUMNS = 't.kind, t.thread_id::text AS thread_id, t.consumer_uid, t.owner_uid, t.service_title, t.category, t.provider_name, t.consumer_name, t.date, t.contacts_shown';

/** a message's thread column for a kind (the kinds are the contracts' fixed two) */
const threadColumn = (kind: ThreadKind) => (kind === 'enquiry' ? 'enquiry_id' : 'booking_id');

interface MessageRow {
  id: string;
  sender_role: ThreadRole;
  body: string;
  photos: string[];
  client_key: string;
  created_at: Date | string;
  reported: boolean;
}

const MESSAGE_COLUMNS = (reader: number) => `m.id::text AS id, m.sender_role, m.body, m.photos, m.client_key::text AS client_key, m.created_at,
  EXISTS (SELECT 1 FROM message_reports r WHERE r.message_id = m.id AND r.reporter_uid = $${reader}) AS reported`;

export interface ThreadAccess {
  subject: ThreadSubject;
  consumerUid: string;
  ownerUid: string | null;
}

export interface ThreadRepository {
  /** the thread as `uid` may see it (their side), or null: not a thread of theirs */
  access(uid: string, kind: ThreadKind, threadId: string): Promise<ThreadAccess | null>;
  /** a page of messages (the newest, or those before `before`), oldest first */
  read(uid: string, access: ThreadAccess, before: string | null): Promise<Thread>;
  /** one message (or the one already sent with this clientKey); the other side told and woken */
  send(uid: string, access: ThreadAccess, fields: MessageFields): Promise<Message>;
  /** `uid`'s side has seen everything up to and including message `upTo` */
  markRead(uid: string, access: ThreadAccess, upTo: string): Promise<void>;
  /** `uid`'s conversations on one side, the newest message first */
  list(uid: string, role: ThreadRole): Promise<ThreadSummary[]>;
  /** a report of a message of the other side, by someone in its thread; null: no such message of theirs */
  report(uid: string, messageId: string, reason: MessageReportReason, note: string): Promise<Message | null>;
}

export interface ThreadRepositoryOptions {
  /** a stored photo's url, as the upload path answers it */
  photoUrl: (fileName: string) => string;
  /** the stored file name a photo url of this API names, or null for any other url */
  photoFileName: (url: string) => string | null;
}

export function createThreadRepository(db: Database, { photoUrl, photoFileName }: ThreadRepositoryOptions): ThreadRepository {
  const toSubject = (row: ThreadRow, role: ThreadRole): ThreadSubject => ({
    kind: row.kind,
    threadId: row.thread_id,
    role,
    serviceTitle: row.service_title,
    category: row.category as ServiceCategory,
    providerName: row.provider_name,
    consumerFirstName: firstName(row.consumer_name),
    date: row.date,
    contactsShown: row.contacts_shown,
  });

  const toMessage = (row: MessageRow, contactsShown: boolean): Message => {
    const { text, masked } = contactsShown ? { text: row.body, masked: false } : maskContacts(row.body);
    return {
      messageId: row.id,
      from: row.sender_role,
      body: text,
      masked,
      photos: row.photos.map(photoUrl),
      createdAt: toIso(row.created_at),
      clientKey: row.client_key,
      reported: row.reported,
    };
  };

  /** uid's side of a thread row: the consumer's, else the listing owner's (null: neither) */
  const roleOf = (row: ThreadRow, uid: string): ThreadRole | null => (row.consumer_uid === uid ? 'consumer' : row.owner_uid === uid ? 'provider' : null);

  async function findThread(query: Query, kind: ThreadKind, threadId: string): Promise<ThreadRow | null> {
    if (!isUuid(threadId)) return null;
    const [row] = await query<ThreadRow>(`SELECT ${THREAD_COLUMNS} FROM (${THREADS}) t WHERE t.kind = $1 AND t.thread_id = $2`, [kind, threadId, CONTACT_VISIBLE_STATUSES]);
    return row ?? null;
  }

  const inThread = (access: ThreadAccess) => `m.${threadColumn(access.subject.kind)} = $1`;

  /** the other side's read mark: the newest message it has seen, by id (null: none) */
  async function readByOther(query: Query, access: ThreadAccess): Promise<string | null> {
    const other: ThreadRole = access.subject.role === 'consumer' ? 'provider' : 'consumer';
    const [row] = await query<{ id: string }>(
      `SELECT m.id::text AS id FROM messages m JOIN thread_reads r ON r.thread_kind = $2 AND r.thread_id = $1 AND r.reader_role = $3
       WHERE ${inThread(access)} AND m.created_at <= r.read_upto ORDER BY m.created_at DESC, m.id DESC LIMIT 1`,
      [access.subject.threadId, access.subject.kind, other],
    );
    return row?.id ?? null;
  }

  /**
   * moves `role`'s read mark of the thread up to message `messageId` (never back); its time is read in SQL, whole (a
   * JavaScript Date would cut its microseconds, and the mark would fall before the message)
   */
  async function markUpTo(query: Query, access: ThreadAccess, role: ThreadRole, messageId: string): Promise<void> {
    await query(
      `INSERT INTO thread_reads (thread_kind, thread_id, reader_role, read_upto) SELECT $1, $2, $3, m.created_at FROM messages m WHERE m.id = $4
       ON CONFLICT (thread_kind, thread_id, reader_role) DO UPDATE SET read_upto = GREATEST(thread_reads.read_upto, EXCLUDED.read_upto), txid = pg_current_xact_id()`,
      [access.subject.kind, access.subject.threadId, role, messageId],
    );
  }

  /** both sides' streams: the other side's for the news, the sender's other devices to follow */
  async function wakeBoth(query: Query, access: ThreadAccess): Promise<void> {
    await announceChange(query, access.consumerUid);
    if (access.ownerUid && access.ownerUid !== access.consumerUid) await announceChange(query, access.ownerUid);
  }

  async function access(uid: string, kind: ThreadKind, threadId: string): Promise<ThreadAccess | null> {
    const row = await findThread(db.query, kind, threadId);
    const role = row && roleOf(row, uid);
    if (!row || !role) return null;
    return { subject: toSubject(row, role), consumerUid: row.consumer_uid, ownerUid: row.owner_uid };
  }

  return {
    access,

    async read(uid, access, before) {
      const { threadId } = access.subject;
      if (before !== null) {
        const [cursor] = isUuid(before) ? await db.query<{ id: string }>(`SELECT m.id::text AS id FROM messages m WHERE ${inThread(access)} AND m.id = $2`, [threadId, before]) : [];
        if (!cursor) throw notFound(THREAD_MESSAGES.messageNotFound);
      }
      // the cursor's time compared in SQL, whole (a JavaScript Date would cut its microseconds)
      const rows = await db.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS(2)} FROM messages m
         WHERE ${inThread(access)} AND ($3::uuid IS NULL OR (m.created_at, m.id) < (SELECT c.created_at, c.id FROM messages c WHERE c.id = $3::uuid))
         ORDER BY m.created_at DESC, m.id DESC LIMIT ${THREAD_PAGE_SIZE + 1}`,
        [threadId, uid, before],
      );
      const more = rows.length > THREAD_PAGE_SIZE;
      const page = rows.slice(0, THREAD_PAGE_SIZE).reverse();
      return {
        subject: access.subject,
        messages: page.map((row) => toMessage(row, access.subject.contactsShown)),
        before: more ? page[0]!.id : null,
        readByOther: await readByOther(db.query, access),
      };
    },

    send(uid, access, { body, photos, clientKey }) {
      const { kind, threadId, role } = access.subject;
      const fileNames = photos.map((url) => photoFileName(url));
      return db.transaction(async (session) => {
        // the photos must be the sender's own uploads (a url of anyone's is not theirs to send)
        if (fileNames.length > 0) {
          const names = fileNames.filter((name): name is string => name !== null);
          const own = names.length === 0 ? [] : await session.query<{ file_name: string }>('SELECT file_name FROM uploads WHERE uid = $1 AND file_name = ANY($2::text[])', [uid, names]);
          if (fileNames.some((name) => name === null || !own.some((row) => row.file_name === name))) throw badRequest(THREAD_MESSAGES.photoNotYours);
        }
        const [inserted] = await session.query<MessageRow>(
          `INSERT INTO messages (${threadColumn(kind)}, sender_uid, sender_role, body, photos, client_key) VALUES ($1, $2, $3, $4, $5::text[], $6)
           ON CONFLICT (sender_uid, client_key) DO NOTHING
           RETURNING id::text AS id, sender_role, body, photos, client_key::text AS client_key, created_at, false AS reported`,
          [threadId, uid, role, body, fileNames, clientKey],
        );
        if (!inserted) {
          // sent before (the answer was lost): the same message, if it is this thread's
          const [again] = await session.query<MessageRow & { thread_id: string | null }>(
            `SELECT ${MESSAGE_COLUMNS(2)}, m.${threadColumn(kind)}::text AS thread_id FROM messages m WHERE m.sender_uid = $2 AND m.client_key = $1`,
            [clientKey, uid],
          );
          if (!again || again.thread_id !== threadId) throw new HttpError(409, THREAD_MESSAGES.keyReused);
          return toMessage(again, access.subject.contactsShown);
        }
        // the sender has read what they answer
        await markUpTo(session.query, access, role, inserted.id);
        // the other side hears of it once until they read the thread: not a notification per message
        const other: ThreadRole = role === 'consumer' ? 'provider' : 'consumer';
        const [waiting] = await session.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM messages m LEFT JOIN thread_reads r ON r.thread_kind = $2 AND r.thread_id = $1 AND r.reader_role = $3
           WHERE ${inThread(access)} AND m.sender_role = $4 AND m.id <> $5 AND (r.read_upto IS NULL OR m.created_at > r.read_upto)`,
          [threadId, kind, other, role, inserted.id],
        );
        if ((waiting?.count ?? 0) === 0) {
          const sender = role === 'consumer' ? access.subject.consumerFirstName : access.subject.providerName;
          await notifyMessage(session.query, { kind, threadId, to: other, sender });
        }
        await wakeBoth(session.query, access);
        return toMessage(inserted, access.subject.contactsShown);
      });
    },

    markRead(uid, access, upTo) {
      const { kind, threadId, role } = access.subject;
      return db.transaction(async (session) => {
        const [message] = isUuid(upTo) ? await session.query<{ id: string }>(`SELECT m.id::text AS id FROM messages m WHERE ${inThread(access)} AND m.id = $2`, [threadId, upTo]) : [];
        if (!message) throw notFound(THREAD_MESSAGES.messageNotFound);
        await markUpTo(session.query, access, role, message.id);
        // the bell's notifications of this thread's messages are read with it
        await session.query(
          `UPDATE notifications SET read_at = now() WHERE consumer_uid = $1 AND audience = $2 AND kind = 'new_message' AND ${threadColumn(kind)} = $3 AND read_at IS NULL`,
          [uid, role, threadId],
        );
        await wakeBoth(session.query, access);
      });
    },

    async list(uid, role) {
      const rows = await db.query<ThreadRow & MessageRow & { unread: number }>(
        `SELECT ${THREAD_COLUMNS}, last.*, unread.count AS unread
         FROM (${THREADS}) t
         CROSS JOIN LATERAL (SELECT ${MESSAGE_COLUMNS(1)} FROM messages m
                             WHERE m.enquiry_id = CASE WHEN t.kind = 'enquiry' THEN t.thread_id END OR m.booking_id = CASE WHEN t.kind = 'booking' THEN t.thread_id END
                             ORDER BY m.created_at DESC, m.id DESC LIMIT 1) last
         LEFT JOIN thread_reads r ON r.thread_kind = t.kind AND r.thread_id = t.thread_id AND r.reader_role = $2
         CROSS JOIN LATERAL (SELECT count(*)::int AS count FROM messages m
                             WHERE (m.enquiry_id = CASE WHEN t.kind = 'enquiry' THEN t.thread_id END OR m.booking_id = CASE WHEN t.kind = 'booking' THEN t.thread_id END)
                               AND m.sender_role <> $2 AND (r.read_upto IS NULL OR m.created_at > r.read_upto)) unread
         WHERE CASE WHEN $2 = 'consumer' THEN t.consumer_uid = $1 ELSE t.owner_uid = $1 END
         ORDER BY last.created_at DESC, last.id DESC LIMIT 100`,
        [uid, role, CONTACT_VISIBLE_STATUSES],
      );
      return rows.map((row) => ({ subject: toSubject(row, role), last: toMessage(row, row.contacts_shown), unread: row.unread }));
    },

    async report(uid, messageId, reason, note) {
      if (!isUuid(messageId)) return null;
      const [message] = await db.query<{ kind: ThreadKind; thread_id: string; sender_uid: string }>(
        `SELECT CASE WHEN enquiry_id IS NOT NULL THEN 'enquiry' ELSE 'booking' END AS kind, coalesce(enquiry_id, booking_id)::text AS thread_id, sender_uid
         FROM messages WHERE id = $1`,
        [messageId],
      );
      const thread = message && (await access(uid, message.kind, message.thread_id));
      if (!message || !thread) return null;
      if (message.sender_uid === uid) throw new HttpError(409, THREAD_MESSAGES.reportOwn);
      // once per person and message: a second report answers as the first did
      await db.query('INSERT INTO message_reports (message_id, reporter_uid, reason, note) VALUES ($1, $2, $3, $4) ON CONFLICT (message_id, reporter_uid) DO NOTHING', [
        messageId,
        uid,
        reason,
        note,
      ]);
      const [row] = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS(2)} FROM messages m WHERE m.id = $1`, [messageId, uid]);
      return toMessage(row!, thread.subject.contactsShown);
    },
  };
}
