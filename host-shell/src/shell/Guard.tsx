import { useState } from 'react';
import { Navigate, Outlet, useLocation } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import { LoadError, paths, refreshProfile, useSession } from '@utsav/contracts';
import { loadMainLayout } from './load-main-layout';
import { PageLoading } from './PageLoading';
import { useShellT } from '../i18n';

/**
 * Spec §2 Guard: no user -> /login (replace); a user -> wait for the onboarding check;
 * incomplete -> /onboarding; otherwise the page (inside the layout this guard wraps). Both redirects
 * carry the page asked for as `?next=` (Home needs none), so a shared link survives sign-in. A user who
 * was signed in here and then signs out (Sign out, account deletion) chose to leave: plain /login.
 */
export function Guard() {
  const t = useShellT();
  const session = useSession();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (session.status === 'signedIn' && !wasSignedIn) setWasSignedIn(true);
  // a guarded route will need the signed-in layout: fetch it while the session resolves
  if (session.status !== 'signedOut') void loadMainLayout();
  if (session.status === 'loading') return <PageLoading label={t('guard.signingIn')} />;
  // where the user was going, carried through sign-in and onboarding (?next=) and honoured after them
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (session.status === 'signedOut') return <Navigate to={wasSignedIn ? paths.login() : paths.login({ next: here })} replace />;
  const { profile } = session;
  if (profile.status === 'checking') return <PageLoading label={t('guard.checkingProfile')} />;
  if (profile.status === 'incomplete') return <Navigate to={paths.onboarding({ next: here })} replace />;
  if (profile.status === 'error') {
    return (
      <Box sx={{ p: 3 }}>
        <LoadError message={t('guard.profileError', { reason: profile.message })} onRetry={() => void refreshProfile()} />
      </Box>
    );
  }
  return <Outlet />;
}
