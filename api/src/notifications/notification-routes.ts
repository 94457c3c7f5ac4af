import type { FastifyInstance } from 'fastify';
import { notificationListSchema, notificationsReadSchema } from '@utsav/contracts/schemas';
import type { Query } from '../db';
import { checkedResponse } from '../http/checked-response';
import { parse } from '../http/parse';
import { pageQuery } from '../http/page-query';
import { uidParams } from '../users/uid-params';
import { NOTIFICATION_COLUMNS, toNotification, unreadCount, type NotificationRow } from './notification-rows';

/** The bell's list (issue 19, item 4): the consumer's notifications, newest first, and marking them read. */
export function registerNotificationRoutes(app: FastifyInstance, { query }: { query: Query }): void {
  const ownerOnly = { preHandler: [app.authenticate, app.requireOwner] };

  app.get('/users/:uid/notifications', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const { limit, offset } = parse(pageQuery, request.query);
    const rows = await query<NotificationRow>(
      `SELECT ${NOTIFICATION_COLUMNS} FROM notifications n WHERE n.consumer_uid = $1 ORDER BY n.id DESC LIMIT $2 OFFSET $3`,
      [uid, limit, offset],
    );
    return checkedResponse(notificationListSchema, { notifications: rows.map(toNotification), unreadCount: await unreadCount(query, uid) });
  });

  // idempotent: reading up to a notification again (or one that is not there) changes nothing
  app.post('/users/:uid/notifications/read', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const { upTo } = parse(notificationsReadSchema, request.body);
    await query('UPDATE notifications SET read_at = now() WHERE consumer_uid = $1 AND id <= $2 AND read_at IS NULL RETURNING id', [uid, upTo]);
    return { unreadCount: await unreadCount(query, uid) };
  });
}
