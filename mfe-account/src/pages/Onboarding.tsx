import { useState } from 'react';
import { Navigate } from '@utsav/contracts/router';
import { paths, refreshProfile, useSession } from '@utsav/contracts';
import { OnboardingForm } from '../features/onboarding/OnboardingForm';
import { AccountCardLayout } from '../components/AccountCardLayout';
import { useNextPath } from '../components/next-path';
import { SignOutButton } from '../components/SignOutButton';
import { PageSpinner } from '../features/onboarding/PageSpinner';
import { ProfileCheckFailed } from '../features/onboarding/ProfileCheckFailed';

/** /onboarding (spec §2 Onboarding), outside the guard: the two-step profile for a new consumer. */
export default function OnboardingPage() {
  const session = useSession();
  // the page the user was going to before signing in (?next=), honoured once the profile is saved
  const next = useNextPath();
  const profileStatus = session.status === 'signedIn' ? session.profile.status : null;
  // Once shown, the form stays: submitting refreshes the profile (checking, then complete) and
  // the form itself takes the user home; it must not be swapped for a spinner halfway.
  const [formShown, setFormShown] = useState(false);
  if (!formShown && profileStatus === 'incomplete') setFormShown(true);

  if (session.status === 'signedOut') return <Navigate to={paths.login({ next: next ?? undefined })} replace />;
  if (session.status === 'loading') return <PageSpinner label="Loading" />;

  if (!formShown && profileStatus !== 'incomplete') {
    if (session.profile.status === 'complete') {
      return (
        <>
          <PageSpinner label={next ? 'Taking you on' : 'Taking you to the home page'} />
          <Navigate to={next ?? paths.home()} replace />
        </>
      );
    }
    if (session.profile.status === 'error') {
      return <ProfileCheckFailed message={session.profile.message} onRetry={() => void refreshProfile()} />;
    }
    return <PageSpinner label="Checking your profile" />;
  }

  return (
    <AccountCardLayout title="Complete your profile">
      <OnboardingForm key={session.uid} uid={session.uid} phone={session.phone} next={next ?? paths.home()} />
      <SignOutButton variant="text" />
    </AccountCardLayout>
  );
}
