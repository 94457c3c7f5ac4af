import { apiRequest } from './api-client';
import type { NotificationList } from '../domain/schemas/notification';

/** The bell's list (GET /users/:uid/notifications): the newest first, and the unread count. */
export function getNotifications(uid: string, signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest<NotificationList>(`/users/${encodeURIComponent(uid)}/notifications?limit=30`, { auth: true, signal });
}

/** Marks everything up to and including `upTo` read; resolves with the unread count left. */
export function markNotificationsRead(uid: string, upTo: string): Promise<{ unreadCount: number }> {
  return apiRequest<{ unreadCount: number }>(`/users/${encodeURIComponent(uid)}/notifications/read`, { method: 'POST', body: { upTo }, auth: true });
}
