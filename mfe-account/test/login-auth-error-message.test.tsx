import { FirebaseError } from 'firebase/app';
import { authErrorMessage, GENERIC_MESSAGE } from '../src/features/login/auth-error-message';
import { NoCodeSentError } from '../src/features/login/phone-auth';

const firebaseError = (code: string) => new FirebaseError(code, `Firebase: Error (${code}).`);

describe('authErrorMessage', () => {
  it.each([
    ['auth/invalid-verification-code', 'That code is not right. Check the SMS and try again.'],
    ['auth/code-expired', 'That code has expired. Tap Resend Code to get a new one.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['auth/network-request-failed', "Can't reach the sign-in service. Check your connection and try again."],
    ['auth/invalid-phone-number', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['auth/quota-exceeded', "We can't send more codes right now. Please try again later."],
    ['auth/captcha-check-failed', "We couldn't complete the security check. Please try again."],
    ['auth/invalid-app-credential', "We couldn't complete the security check. Please try again."],
    ['auth/invalid-verification-id', 'This code request has expired. Tap Resend Code to get a new one.'],
  ])('%s', (code, message) => {
    expect(authErrorMessage(firebaseError(code))).toBe(message);
  });

  it('reads the code by shape, not by class', () => {
    expect(authErrorMessage({ code: 'auth/code-expired' })).toBe(
      'That code has expired. Tap Resend Code to get a new one.',
    );
  });

  it('says the confirm-before-send rule in its own words', () => {
    expect(authErrorMessage(new NoCodeSentError())).toBe('No OTP has been sent yet. Please request OTP first.');
  });

  it.each([
    ['an unknown Firebase code', firebaseError('auth/internal-error')],
    ['a plain error', new Error('auth/whatever happened')],
    ['an inherited property name as code', { code: 'constructor' }],
    ['a non-string code', { code: 42 }],
    ['nothing', undefined],
  ])('falls back to a generic message for %s', (_label, error) => {
    expect(authErrorMessage(error)).toBe(GENERIC_MESSAGE);
    expect(GENERIC_MESSAGE).toBe('Something went wrong. Please try again.');
  });
});
