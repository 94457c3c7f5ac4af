import { PagePlaceholder } from '@utsav/contracts';

export default function PaymentStatusPage() {
  return <PagePlaceholder remote="checkout" module="./PaymentStatus" />;
}
