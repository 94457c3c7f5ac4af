import { PagePlaceholder } from '@utsav/contracts';

export default function CartPage() {
  return <PagePlaceholder remote="checkout" module="./Cart" />;
}
