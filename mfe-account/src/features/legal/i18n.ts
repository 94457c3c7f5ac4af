import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/**
 * The Terms of Service and Privacy Policy's words, a catalogue of their own: about 7 KB of the account
 * app's 10.5 KB of English, which Login, Onboarding and My Account (the first load of a signed-out
 * visitor) need none of. Only the legal pages import this module, so only their chunk carries it.
 */
registerMessages('account-legal', { en, hi: () => import(/* webpackChunkName: "account-legal-hi-IN" */ './locales/hi-IN.json') });

export type LegalMessage = keyof typeof en;
export const useLegalT = () => useT<LegalMessage>('account-legal');
