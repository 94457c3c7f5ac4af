import { NoCodeSentError } from './phone-auth';
import { PHONE_INVALID } from './phone-input';

/** Firebase Auth error codes turned into words a person understands; never show a raw code. */

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
const SECURITY_CHECK_FAILED = "We couldn't complete the security check. Please try again.";
const REQUEST_EXPIRED = 'This code request has expired. Tap Resend Code to get a new one.';

const MESSAGES = new Map<string, string>(Object.entries({
  'auth/invalid-verification-code': 'That code is not right. Check the SMS and try again.',
  'auth/code-expired': 'That code has expired. Tap Resend Code to get a new one.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': "Can't reach the sign-in service. Check your connection and try again.",
  'auth/invalid-phone-number': PHONE_INVALID,
  'auth/missing-phone-number': PHONE_INVALID,
  'auth/quota-exceeded': "We can't send more codes right now. Please try again later.",
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
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/operation-not-allowed': 'Phone sign-in is not available right now. Please try again later.',
}));

/** The code of a FirebaseError, read by shape: instanceof can fail across bundled copies. */
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

export function authErrorMessage(error: unknown): string {
  if (error instanceof NoCodeSentError) return error.message;
  const code = errorCode(error);
  return (code !== undefined && MESSAGES.get(code)) || GENERIC_MESSAGE;
}
