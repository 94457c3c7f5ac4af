import { useEffect } from 'react';
import { Outlet } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import { afterInteractive, refreshCartCount, useLiveConnection } from '@utsav/contracts';
import { BottomTabs } from './BottomTabs';
import { BOTTOM_TABS_HEIGHT } from './metrics';
import { TopBar } from './TopBar';

/** Top bar, the page, and (on small screens) the bottom tab bar. */
export function MainLayout() {
  // the cart badge shows the real count from the first signed-in screen on, asked for once the app has
  // taken the page over (the call carries the user's Firebase token: Firebase loads after the first screen)
  useEffect(() => afterInteractive(() => void refreshCartCount()), []);
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
