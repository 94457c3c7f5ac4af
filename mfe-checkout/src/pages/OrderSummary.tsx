import { PagePlaceholder } from '@utsav/contracts';

export default function OrderSummaryPage() {
  return <PagePlaceholder remote="checkout" module="./OrderSummary" />;
}
