import { PagePlaceholder } from '@utsav/contracts';

export default function OnboardingPage() {
  return <PagePlaceholder remote="account" module="./Onboarding" />;
}
