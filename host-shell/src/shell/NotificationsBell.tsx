import { lazy, Suspense, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { useUnreadNotifications } from '@utsav/contracts';

// the list is fetched and drawn only when opened: it costs the first load nothing
const NotificationsPanel = lazy(() => import('./NotificationsPanel'));

/** The top bar's bell: the unread count (live, from the stream) and, when pressed, the notifications. */
export function NotificationsBell({ uid }: { uid: string }) {
  const unread = useUnreadNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" invisible={unread === 0} max={99}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationsPanel uid={uid} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
