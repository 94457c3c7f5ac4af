import type { ApplicationVerifier, Auth, ConfirmationResult, UserCredential } from 'firebase/auth';
import { COUNTRY_CODE, DEFAULT_LOCALE, loadFirebaseAuth } from '@utsav/contracts';
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

/**
 * How long a code request may take before the page gives up on it. Longer than Firebase's own 30 s
 * network timeout (a request that reaches no server fails by itself, with its own message), with room
 * for a person to solve a reCAPTCHA challenge; what this catches is a request that never answers.
 */
export const SEND_CODE_TIMEOUT_MS = 60_000;

/** The error's own message, in English (the page says it in its language: authErrorId). */
export const SEND_TIMED_OUT_MESSAGE = accountText(DEFAULT_LOCALE, 'login.error.sendTimedOut');

/** Thrown when a code request has had no answer within SEND_CODE_TIMEOUT_MS. */
export class SendTimedOutError extends Error {
  constructor() {
    super(SEND_TIMED_OUT_MESSAGE);
    this.name = 'SendTimedOutError';
  }
}

/**
 * Texts a code to +91 followed by the digits; the verifier is the invisible reCAPTCHA. Settles within
 * SEND_CODE_TIMEOUT_MS: a request with no answer by then fails with SendTimedOutError (and whatever it
 * answers later is for the caller to ignore).
 */
export function requestCode(auth: Auth, digits: string, verifier: ApplicationVerifier): Promise<ConfirmationResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SendTimedOutError()), SEND_CODE_TIMEOUT_MS);
  });
  const sent = loadFirebaseAuth().then(({ signInWithPhoneNumber }) => signInWithPhoneNumber(auth, `${COUNTRY_CODE}${digits}`, verifier));
  return Promise.race([sent, timedOut]).finally(() => clearTimeout(timer));
}

/** Checks the code against the last request; signs the user in when it is right. */
export async function confirmCode(confirmation: ConfirmationResult | null, code: string): Promise<UserCredential> {
  if (!confirmation) throw new NoCodeSentError();
  return confirmation.confirm(code);
}
