import { useState } from 'react';
import { Navigate } from '@utsav/contracts/router';
import { paths, refreshProfile, useSession } from '@utsav/contracts';
import { OnboardingForm } from '../features/onboarding/OnboardingForm';
import { AccountCardLayout } from '../components/AccountCardLayout';
import { useNextPath } from '../components/next-path';
import { SignOutButton } from '../components/SignOutButton';
import { PageSpinner } from '../features/onboarding/PageSpinner';
import { ProfileCheckFailed } from '../features/onboarding/ProfileCheckFailed';
import { useAccountT } from '../i18n';

/** /onboarding (spec §2 Onboarding), outside the guard: the two-step profile for a new consumer. */
export default function OnboardingPage() {
  const t = useAccountT();
  const session = useSession();
  // the page the user was going to before signing in (?next=), honoured once the profile is saved
  const next = useNextPath();
  const profileStatus = session.status === 'signedIn' ? session.profile.status : null;
  // Once shown, the form stays: submitting refreshes the profile (checking, then complete) and
  // the form itself takes the user home; it must not be swapped for a spinner halfway.
  const [formShown, setFormShown] = useState(false);
  if (!formShown && profileStatus === 'incomplete') setFormShown(true);

  if (session.status === 'signedOut') return <Navigate to={paths.login({ next: next ?? undefined })} replace />;
  if (session.status === 'loading') return <PageSpinner label={t('onboarding.loading')} />;

  if (!formShown && profileStatus !== 'incomplete') {
    if (session.profile.status === 'complete') {
      return (
        <>
          <PageSpinner label={t(next ? 'onboarding.takingYouOn' : 'onboarding.takingYouHome')} />
          <Navigate to={next ?? paths.home()} replace />
        </>
      );
    }
    if (session.profile.status === 'error') {
      return <ProfileCheckFailed message={session.profile.message} onRetry={() => void refreshProfile()} />;
    }
    return <PageSpinner label={t('onboarding.checkingProfile')} />;
  }

  return (
    <AccountCardLayout title={t('onboarding.title')}>
      <OnboardingForm key={session.uid} uid={session.uid} phone={session.phone} next={next ?? paths.home()} />
      <SignOutButton variant="text" />
    </AccountCardLayout>
  );
}
