import { Link as RouterLink, useLocation } from '@utsav/contracts/router';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { paths } from '@utsav/contracts';
import { BOTTOM_TABS_HEIGHT } from './metrics';
import { useShellT, type ShellMessage } from '../i18n';

export const TABS = [
  { label: 'tabs.home', to: paths.home(), icon: <HomeOutlined />, owns: (p: string) => p === '/' },
  { label: 'tabs.explore', to: paths.search(), icon: <SearchOutlined />, owns: (p: string) => p === '/services' || p.startsWith('/service/') },
  { label: 'tabs.bookings', to: paths.bookings(), icon: <EventNoteOutlined />, owns: (p: string) => p.startsWith('/bookings') || p === '/payment-status' },
  { label: 'tabs.cart', to: paths.cart(), icon: <ShoppingCartOutlined />, owns: (p: string) => p === '/cart' || p === '/checkout' },
  { label: 'tabs.account', to: paths.account(), icon: <AccountCircleOutlined />, owns: (p: string) => p === '/account' },
] as const satisfies ReadonlyArray<{ label: ShellMessage; to: string; icon: unknown; owns: (p: string) => boolean }>;

/** Spec §2: the bottom tab bar, on small screens only, with the active tab highlighted. */
export function BottomTabs() {
  const t = useShellT();
  const { pathname } = useLocation();
  const active = TABS.findIndex((tab) => tab.owns(pathname));
  return (
    <Paper
      component="nav"
      aria-label={t('tabs.label')}
      elevation={8}
      sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: 'appBar', display: { xs: 'block', md: 'none' } }}
    >
      <BottomNavigation showLabels value={active === -1 ? false : active} sx={{ height: BOTTOM_TABS_HEIGHT }}>
        {TABS.map((tab, index) => (
          <BottomNavigationAction
            key={tab.label}
            component={RouterLink}
            to={tab.to}
            label={t(tab.label)}
            icon={tab.icon}
            aria-current={index === active ? 'page' : undefined}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
