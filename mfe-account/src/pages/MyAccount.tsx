import { PagePlaceholder } from '@utsav/contracts';

export default function MyAccountPage() {
  return <PagePlaceholder remote="account" module="./MyAccount" />;
}
