import { renderStandalone } from '@utsav/contracts/standalone';

renderStandalone('checkout', {
  Cart: () => import('./pages/Cart'),
  Checkout: () => import('./pages/Checkout'),
  OrderSummary: () => import('./pages/OrderSummary'),
  PaymentStatus: () => import('./pages/PaymentStatus'),
});
