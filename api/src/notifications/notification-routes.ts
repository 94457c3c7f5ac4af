import { notificationListSchema, notificationsReadSchema, unreadCountSchema } from '@utsav/contracts/schemas';
import { ownerOnly } from '../auth';
import type { Query } from '../db';
import { pageQuery } from '../http/page-query';
import type { ApiPlugin } from '../http/route-schemas';
import { uidParams } from '../users/uid-params';
import { listNotifications, markNotificationsRead, unreadCount } from './notification-rows';

/** The bell's list (issue 19, item 4), under `/users/:uid/notifications`: the consumer's notifications, newest first, and marking them read. */
export const notificationRoutes: ApiPlugin<{ query: Query }> = async (app, { query }) => {
  const asOwner = ownerOnly(app);

  app.get('', { ...asOwner, schema: { params: uidParams, querystring: pageQuery, response: { 200: notificationListSchema } } }, async (request) => {
    const { uid } = request.params;
    const notifications = await listNotifications(query, uid, request.query);
    return { notifications, unreadCount: await unreadCount(query, uid) };
  });

  // idempotent: reading up to a notification again (or one that is not there) changes nothing
  app.post('/read', { ...asOwner, schema: { params: uidParams, body: notificationsReadSchema, response: { 200: unreadCountSchema } } }, async (request) => {
    const { uid } = request.params;
    await markNotificationsRead(query, uid, request.body.upTo);
    return { unreadCount: await unreadCount(query, uid) };
  });
};
