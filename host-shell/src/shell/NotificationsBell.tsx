import { lazy, Suspense, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { useUnreadNotifications } from '@utsav/contracts';
import { useShellT } from '../i18n';

const MAX_SHOWN = 99;

// the list is fetched and drawn only when opened: it costs the first load nothing
const NotificationsPanel = lazy(() => import('./NotificationsPanel'));

/** The top bar's bell: the unread count (live, from the stream) and, when pressed, the notifications. */
export function NotificationsBell({ uid }: { uid: string }) {
  const t = useShellT();
  const unread = useUnreadNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // the name says what the badge shows (WCAG 2.5.3)
  const shown = unread > MAX_SHOWN ? `${MAX_SHOWN}+` : String(unread);
  const label = unread > 0 ? t('bell.unread', { count: shown }) : t('bell.label');
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* no badge at all at 0: a hidden one would keep its last number in the button's text */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="error" max={MAX_SHOWN}>
            <NotificationsOutlined />
          </Badge>
        ) : (
          <NotificationsOutlined />
        )}
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationsPanel uid={uid} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
