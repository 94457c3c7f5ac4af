import { useEffect } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  LoadError,
  markNotificationsRead,
  notificationPath,
  formatMoment,
  unreadNotificationsAtom,
  useApi,
  utsavStore,
  visuallyHidden,
} from '@utsav/contracts';
import { userResources } from '@utsav/contracts/resources';
import type { AppNotification } from '@utsav/contracts/schemas';
import { useShellT } from '../i18n';

/**
 * The bell's list: the newest notifications first, each opening its booking (an enquiry's: the enquiries). What is shown is read:
 * opening the list marks everything up to the newest read (the count goes to what the server says is left).
 */
export default function NotificationsPanel({ uid, anchor, onClose }: { uid: string; anchor: HTMLElement; onClose: () => void }) {
  const t = useShellT();
  // one arriving while the list is open goes on top of it (the live stream: showNewNotification)
  const list = useApi(userResources.notifications(uid));
  const newest = list.status === 'success' ? list.data.notifications[0] : undefined;
  const newestUnread = newest && !newest.read ? newest.notificationId : undefined;

  useEffect(() => {
    if (!newestUnread) return;
    markNotificationsRead(uid, newestUnread)
      .then(({ unreadCount }) => utsavStore.set(unreadNotificationsAtom, unreadCount))
      // still unread: the count stays, and the next opening tries again
      .catch(() => undefined);
  }, [uid, newestUnread]);

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 'min(360px, calc(100vw - 16px))', maxHeight: '70vh' }, role: 'dialog', 'aria-label': t('notifications.title') } }}
    >
      <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 700 }}>
        {t('notifications.title')}
      </Typography>
      {list.status === 'error' && (
        <Box sx={{ px: 2, pb: 2 }}>
          <LoadError message={t('notifications.loadError')} onRetry={list.retry} />
        </Box>
      )}
      {(list.status === 'loading' || list.status === 'idle') && (
        <Box sx={{ px: 2, pb: 2 }} aria-hidden>
          <Skeleton variant="rounded" sx={{ height: 56, mb: 1 }} />
          <Skeleton variant="rounded" sx={{ height: 56 }} />
        </Box>
      )}
      {list.status === 'success' && list.data.notifications.length === 0 && (
        <Typography sx={{ px: 2, pb: 2, color: 'text.secondary' }}>{t('notifications.empty')}</Typography>
      )}
      {list.status === 'success' && list.data.notifications.length > 0 && (
        <List dense disablePadding sx={{ pb: 1 }}>
          {list.data.notifications.map((notification) => (
            <li key={notification.notificationId}>
              <NotificationItem notification={notification} onOpen={onClose} />
            </li>
          ))}
        </List>
      )}
    </Popover>
  );
}

function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const t = useShellT();
  // a booking's to its order summary, an enquiry's (a quote, a decline) to the enquiries
  const to = notificationPath(notification);
  return (
    <ListItemButton component={RouterLink} to={to} onClick={onOpen} sx={{ alignItems: 'flex-start', flexDirection: 'column', py: 1, minHeight: 48 }}>
      <Typography variant="body2" sx={{ fontWeight: notification.read ? 400 : 700 }}>
        {!notification.read && (
          <Box component="span" sx={visuallyHidden}>
            {t('notifications.unread')}{' '}
          </Box>
        )}
        {notification.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {notification.body}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {formatMoment(notification.createdAt)}
      </Typography>
    </ListItemButton>
  );
}
