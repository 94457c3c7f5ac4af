import { PagePlaceholder } from '@utsav/contracts';

export default function CheckoutPage() {
  return <PagePlaceholder remote="checkout" module="./Checkout" />;
}
