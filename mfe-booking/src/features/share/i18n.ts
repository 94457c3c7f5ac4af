import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/**
 * A plan shared read-only (issue 37, item 5): the shared link's page and the owner's Share dialog, a catalogue of
 * their own. The shared page is a family member's first (often only) page of the app: it carries these words and the
 * event names (the plans' catalogue), none of the planning pages'.
 */
registerMessages('booking-share', { en, hi: () => import(/* webpackChunkName: "booking-share-hi-IN" */ './locales/hi-IN.json') });

export type ShareMessage = keyof typeof en;
export const SHARE_MESSAGES = 'booking-share';
export const useShareT = () => useT<ShareMessage>(SHARE_MESSAGES);
