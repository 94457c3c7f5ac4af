import { registerMessages, useT } from '@utsav/contracts';
import en from './locales/en-IN.json';

/**
 * The conversation's words (both sides' thread and list pages), a catalogue of its own: only the pages that show a
 * conversation import this module, so no other page's chunk carries them.
 */
registerMessages('conversation', { en, hi: () => import(/* webpackChunkName: "conversation-hi-IN" */ './locales/hi-IN.json') });

export type ConversationMessage = keyof typeof en;
export const useConversationT = () => useT<ConversationMessage>('conversation');
