import { useState } from 'react';
import type { ConfirmationResult } from 'firebase/auth';
import { getFirebaseAuth, RESEND_COUNTDOWN_SECONDS } from '@utsav/contracts';
import type { AccountMessage } from '../../i18n';
import { authErrorId } from './auth-error-message';
import { confirmCode, requestCode } from './phone-auth';
import { useCountdown } from './use-countdown';
import { useRecaptchaVerifier } from './use-recaptcha-verifier';

export type LoginStep = 'phone' | 'code' | 'verified';
export type PendingAction = 'send' | 'resend' | 'verify';

/**
 * The login flow (spec §4): phone entry, then code entry with a resend countdown, then verified.
 * Every action resolves to whether it worked; failures land in `error` in plain words (a catalogue id,
 * said in the page's language).
 */
export function usePhoneSignIn() {
  const { containerRef, getVerifier, clearVerifier } = useRecaptchaVerifier();
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);
  /** the digits the current code was sent to */
  const [phone, setPhone] = useState('');
  const [confirmation, setConfirmation] = useState<ConfirmationResult | null>(null);
  const [verified, setVerified] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [error, setError] = useState<AccountMessage | null>(null);

  /** Runs one step of the flow with its progress shown; a failure lands in `error` in plain words. */
  async function attempt(action: PendingAction, work: () => Promise<void>): Promise<boolean> {
    setPending(action);
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(authErrorId(failure));
      return false;
    } finally {
      setPending(null);
    }
  }

  const send = (digits: string, action: 'send' | 'resend') =>
    attempt(action, async () => {
      const auth = getFirebaseAuth();
      const result = await requestCode(auth, digits, getVerifier(auth));
      setPhone(digits);
      setConfirmation(result);
      countdown.restart();
    });

  const verifyCode = (code: string) =>
    attempt('verify', async () => {
      await confirmCode(confirmation, code);
      clearVerifier();
      setVerified(true);
    });

  function changeNumber(): void {
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
