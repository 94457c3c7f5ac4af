import { useRef, useState } from 'react';
import type { ConfirmationResult } from 'firebase/auth';
import { getFirebaseAuth, RESEND_COUNTDOWN_SECONDS } from '@utsav/contracts';
import type { AccountMessage } from '../../i18n';
import { authErrorId } from './auth-error-message';
import { confirmCode, requestCode } from './phone-auth';
import { useCountdown } from './use-countdown';
import { useRecaptchaVerifier } from './use-recaptcha-verifier';

export type LoginStep = 'phone' | 'code' | 'verified';
export type PendingAction = 'send' | 'resend' | 'verify';

/** The failures after which the code on screen can no longer work: a new one may be asked for at once. */
const CODE_GONE = new Set<AccountMessage>(['login.error.codeExpired', 'login.error.requestExpired']);

/**
 * The login flow (spec §4): phone entry, then code entry with a resend countdown, then verified.
 * Every action resolves to whether it worked, and every one ends: a code request that never answers
 * times out (requestCode). Failures land in `error` in plain words (a catalogue id, said in the page's
 * language). Only the latest action counts: an answer to one the user has moved on from is dropped.
 */
export function usePhoneSignIn() {
  const { containerRef, newVerifier, clearVerifier } = useRecaptchaVerifier();
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);
  /** the digits the current code was sent to */
  const [phone, setPhone] = useState('');
  const [confirmation, setConfirmation] = useState<ConfirmationResult | null>(null);
  const [verified, setVerified] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [error, setError] = useState<AccountMessage | null>(null);
  /** the number of the latest action: an older one's answer is stale */
  const latest = useRef(0);

  /** Runs one step of the flow with its progress shown; a failure lands in `error` in plain words. */
  async function attempt(action: PendingAction, work: (current: () => boolean) => Promise<void>): Promise<boolean> {
    const id = ++latest.current;
    const current = () => id === latest.current;
    setPending(action);
    setError(null);
    try {
      await work(current);
      return current();
    } catch (failure) {
      if (!current()) return false;
      const message = authErrorId(failure);
      setError(message);
      if (CODE_GONE.has(message)) countdown.stop();
      return false;
    } finally {
      if (current()) setPending(null);
    }
  }

  const send = (digits: string, action: 'send' | 'resend') =>
    attempt(action, async (current) => {
      const auth = await getFirebaseAuth();
      try {
        const result = await requestCode(auth, digits, await newVerifier(auth));
        if (!current()) return;
        setPhone(digits);
        setConfirmation(result);
        countdown.restart();
      } catch (failure) {
        // a verifier whose request failed or never answered is not used again
        if (current()) clearVerifier();
        throw failure;
      }
    });

  const verifyCode = (code: string) =>
    attempt('verify', async (current) => {
      await confirmCode(confirmation, code);
      if (!current()) return;
      clearVerifier();
      setVerified(true);
    });

  function changeNumber(): void {
    // whatever is still on its way belongs to the number being changed
    latest.current += 1;
    setPending(null);
    setConfirmation(null);
    setError(null);
  }

  const step: LoginStep = verified ? 'verified' : confirmation ? 'code' : 'phone';

  return {
    step,
    phone,
    pending,
    error,
    secondsLeft: countdown.secondsLeft,
    /** the element the invisible reCAPTCHA renders into; must stay mounted across steps */
    recaptchaContainerRef: containerRef,
    sendCode: (digits: string) => send(digits, 'send'),
    // the rule itself, not only a disabled button: no resend while the countdown runs
    resendCode: async () => (countdown.secondsLeft > 0 ? false : send(phone, 'resend')),
    verifyCode,
    changeNumber,
  };
}
