import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/** The checkout's own strings (Cart, Checkout, Order Summary and payment, Payment status); each app registers its own. */
registerMessages('checkout', { en, hi: () => import(/* webpackChunkName: "checkout-hi-IN" */ './locales/hi-IN.json') });

export type CheckoutMessage = keyof typeof en;
export const useCheckoutT = () => useT<CheckoutMessage>('checkout');
