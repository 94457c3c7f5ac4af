import { COUNTRY_CODE, OTP_LENGTH, PHONE_MAX_LENGTH } from '@utsav/contracts';

/**
 * What the Login fields keep of what is typed (spec §5). Their rules and messages are the contracts'
 * phoneSignInSchema and verificationCodeSchema.
 */

/** What the phone field keeps of what was typed or pasted: digits only, at most 15. */
export function phoneDigits(raw: string): string {
  // '+91' is already shown as the prefix: a pasted '+91 98765 43210' must not become '9198765…'
  const local = raw.trimStart().startsWith(COUNTRY_CODE) ? raw.trimStart().slice(COUNTRY_CODE.length) : raw;
  return local.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH);
}

/** What the code field keeps: digits only, at most 6. */
export function codeDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
}
