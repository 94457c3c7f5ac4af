import { registerMessages, translate, translateIn, useT, type Locale, type MessageValues } from '@utsav/contracts';
import en from './locales/en-IN.json';

/** The account app's own strings (Login, Onboarding, My Account, the legal pages); each app registers its own. */
registerMessages('account', { en, hi: () => import(/* webpackChunkName: "account-hi-IN" */ './locales/hi-IN.json') });

export type AccountMessage = keyof typeof en;
export const useAccountT = () => useT<AccountMessage>('account');

/** Outside React (a check's message, a toast from an event handler): an account message in the page's current language. */
export const translateAccount = (id: AccountMessage, values?: MessageValues): string => translate('account', id, values);

/** An account message in a given language (English constants the tests and errors keep). */
export const accountText = (locale: Locale, id: AccountMessage, values?: MessageValues): string => translateIn(locale, 'account', id, values);
