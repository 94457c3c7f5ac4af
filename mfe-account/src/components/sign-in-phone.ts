import type { AccountMessage } from '../i18n';

/**
 * The phone is the number the user signed in with: the API stores the ID token's verified number and
 * ignores any other, so every form shows it read-only with this help (a catalogue id: `t(PHONE_HELP)`).
 */
export const PHONE_HELP = 'phone.help' satisfies AccountMessage;
