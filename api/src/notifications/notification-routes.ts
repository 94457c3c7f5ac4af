import type { FastifyInstance } from 'fastify';
import { notificationListSchema, notificationsReadSchema } from '@utsav/contracts/schemas';
import type { Query } from '../db';
import { checkedResponse } from '../http/checked-response';
import { parse } from '../http/parse';
import { pageQuery } from '../http/page-query';
import { uidParams } from '../users/uid-params';
import { listNotifications, markNotificationsRead, unreadCount } from './notification-rows';

/** The bell's list (issue 19, item 4): the consumer's notifications, newest first, and marking them read. */
export function registerNotificationRoutes(app: FastifyInstance, { query }: { query: Query }): void {
  const ownerOnly = { preHandler: [app.authenticate, app.requireOwner] };

  app.get('/users/:uid/notifications', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const { limit, offset } = parse(pageQuery, request.query);
    const notifications = await listNotifications(query, uid, { limit, offset });
    return checkedResponse(notificationListSchema, { notifications, unreadCount: await unreadCount(query, uid) });
  });

  // idempotent: reading up to a notification again (or one that is not there) changes nothing
  app.post('/users/:uid/notifications/read', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const { upTo } = parse(notificationsReadSchema, request.body);
    await markNotificationsRead(query, uid, upTo);
    return { unreadCount: await unreadCount(query, uid) };
  });
}
