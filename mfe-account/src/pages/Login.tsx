import { PagePlaceholder } from '@utsav/contracts';

export default function LoginPage() {
  return <PagePlaceholder remote="account" module="./Login" />;
}
