import { lazy, Suspense } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { BackButton, initialsOf, paths, useApi, useInteractive, useSession } from '@utsav/contracts';
import { bookingResources } from '@utsav/contracts/resources';
import { NotificationsBell } from './NotificationsBell';
import { useShellT } from '../i18n';

// only for people who run a listing, after the first screen takes taps: its code and call stay out of every first load
const ProviderEntry = lazy(() => import('./ProviderEntry'));

export function TopBar() {
  const t = useShellT();
  const session = useSession();
  // the badge: asked for once the app has taken the page over (the call carries the user's Firebase token, and
  // Firebase loads after the first screen); every answer of the cart keeps it (booking-api.ts)
  const interactive = useInteractive();
  const cart = useApi(bookingResources.cartCount(), { enabled: session.status === 'signedIn' && interactive });
  const cartCount = cart.data?.count ?? 0;
  // the signed-in consumer's name and photo, so a change in My Account shows here at once
  const profile = session.status === 'signedIn' && session.profile.status === 'complete' ? session.profile.profile : undefined;
  const name = profile?.name ?? '';
  const initials = profile?.profilePhoto ? '' : initialsOf(name);
  // the initials shown on screen start the name, so a speech user can say what they see (WCAG 2.5.3)
  const accountLabel = [initials, t('topBar.account'), name].filter(Boolean).join(', ');
  const cartLabel = t('topBar.cart', { count: cartCount });
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        {/* on every page below a tab (the route table's parent); none on the tab roots */}
        <BackButton />
        <Typography
          component={RouterLink}
          to={paths.home()}
          variant="h6"
          sx={{ flexGrow: 1, color: 'primary.main', fontWeight: 800, textDecoration: 'none' }}
        >
          {t('topBar.brand')}
        </Typography>
        {session.status === 'signedIn' && interactive && (
          <Suspense fallback={null}>
            <ProviderEntry uid={session.uid} />
          </Suspense>
        )}
        {session.status === 'signedIn' && <NotificationsBell uid={session.uid} />}
        <IconButton component={RouterLink} to={paths.orders()} aria-label={t('topBar.orders')} color="inherit">
          <ReceiptLongOutlined />
        </IconButton>
        <IconButton component={RouterLink} to={paths.cart()} aria-label={cartLabel} color="inherit">
          {/* no content at 0 (not a hidden "0"): the link's text then stays its name, "Cart" */}
          <Badge badgeContent={cartCount > 0 ? cartCount : undefined} color="primary">
            <ShoppingCartOutlined />
          </Badge>
        </IconButton>
        <IconButton component={RouterLink} to={paths.account()} aria-label={accountLabel}>
          <Avatar src={profile?.profilePhoto ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>
            {initials}
          </Avatar>
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
