import { Outlet } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import { useLiveConnection } from '@utsav/contracts';
import { BottomTabs } from './BottomTabs';
import { BOTTOM_TABS_HEIGHT } from './metrics';
import { TopBar } from './TopBar';

/** Top bar, the page, and (on small screens) the bottom tab bar. */
export function MainLayout() {
  // the signed-in user's bookings and notifications, live (the bell, the toasts, the pages that show bookings)
  useLiveConnection();
  return (
    <>
      <TopBar />
      <Box component="main" sx={{ maxWidth: 960, mx: 'auto', pb: { xs: `${BOTTOM_TABS_HEIGHT + 16}px`, md: 4 } }}>
        <Outlet />
      </Box>
      <BottomTabs />
    </>
  );
}
