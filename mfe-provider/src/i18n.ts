import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/** The provider side's own strings (requests, calendar, bookings, earnings, reviews, joining); each app registers its own. */
registerMessages('provider', { en, hi: () => import(/* webpackChunkName: "provider-hi-IN" */ './locales/hi-IN.json') });

export type ProviderMessage = keyof typeof en;
export const useProviderT = () => useT<ProviderMessage>('provider');
