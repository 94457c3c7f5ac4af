import type { ApplicationVerifier, Auth, ConfirmationResult, UserCredential } from 'firebase/auth';
import { COUNTRY_CODE, DEFAULT_LOCALE, signInWithPhoneNumber } from '@utsav/contracts';
import { accountText } from '../../i18n';

/** The Firebase phone sign-in steps the login page uses, kept apart from React. */

/** The error's own message, in English (the page says it in its language: authErrorId). */
export const NO_CODE_SENT_MESSAGE = accountText(DEFAULT_LOCALE, 'login.error.noCodeSent');

/** Thrown when a code is confirmed before one was requested (spec §4, §8). */
export class NoCodeSentError extends Error {
  constructor() {
    super(NO_CODE_SENT_MESSAGE);
    this.name = 'NoCodeSentError';
  }
}

/** Texts a code to +91 followed by the digits; the verifier is the invisible reCAPTCHA. */
export function requestCode(auth: Auth, digits: string, verifier: ApplicationVerifier): Promise<ConfirmationResult> {
  return signInWithPhoneNumber(auth, `${COUNTRY_CODE}${digits}`, verifier);
}

/** Checks the code against the last request; signs the user in when it is right. */
export async function confirmCode(confirmation: ConfirmationResult | null, code: string): Promise<UserCredential> {
  if (!confirmation) throw new NoCodeSentError();
  return confirmation.confirm(code);
}
