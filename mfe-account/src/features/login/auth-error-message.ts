import { DEFAULT_LOCALE } from '@utsav/contracts';
import { accountText, translateAccount, type AccountMessage } from '../../i18n';
import { NoCodeSentError, SendTimedOutError } from './phone-auth';
import { PHONE_INVALID } from './phone-input';

/** Firebase Auth error codes turned into words a person understands; never show a raw code. */

const GENERIC: AccountMessage = 'login.error.generic';
/** The fallback, in English. */
export const GENERIC_MESSAGE = accountText(DEFAULT_LOCALE, GENERIC);
const SECURITY_CHECK_FAILED: AccountMessage = 'login.error.securityCheck';
const REQUEST_EXPIRED: AccountMessage = 'login.error.requestExpired';

const MESSAGES = new Map<string, AccountMessage>(Object.entries({
  'auth/invalid-verification-code': 'login.error.wrongCode',
  'auth/code-expired': 'login.error.codeExpired',
  'auth/too-many-requests': 'login.error.tooManyRequests',
  'auth/network-request-failed': 'login.error.network',
  'auth/invalid-phone-number': PHONE_INVALID,
  'auth/missing-phone-number': PHONE_INVALID,
  'auth/quota-exceeded': 'login.error.quotaExceeded',
  'auth/captcha-check-failed': SECURITY_CHECK_FAILED,
  'auth/invalid-app-credential': SECURITY_CHECK_FAILED,
  'auth/missing-app-credential': SECURITY_CHECK_FAILED,
  'auth/invalid-recaptcha-token': SECURITY_CHECK_FAILED,
  'auth/missing-recaptcha-token': SECURITY_CHECK_FAILED,
  'auth/invalid-recaptcha-action': SECURITY_CHECK_FAILED,
  'auth/invalid-recaptcha-version': SECURITY_CHECK_FAILED,
  'auth/recaptcha-not-enabled': SECURITY_CHECK_FAILED,
  'auth/invalid-verification-id': REQUEST_EXPIRED,
  'auth/missing-verification-id': REQUEST_EXPIRED,
  'auth/user-disabled': 'login.error.userDisabled',
  'auth/operation-not-allowed': 'login.error.notAllowed',
} satisfies Record<string, AccountMessage>));

/** The code of a FirebaseError, read by shape: instanceof can fail across bundled copies. */
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** What a sign-in failure says, as a catalogue id (the page says it in its language). */
export function authErrorId(error: unknown): AccountMessage {
  if (error instanceof NoCodeSentError) return 'login.error.noCodeSent';
  if (error instanceof SendTimedOutError) return 'login.error.sendTimedOut';
  const code = errorCode(error);
  return (code !== undefined && MESSAGES.get(code)) || GENERIC;
}

/** What a sign-in failure says, in the page's current language. */
export function authErrorMessage(error: unknown): string {
  return translateAccount(authErrorId(error));
}
