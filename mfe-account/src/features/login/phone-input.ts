import { COUNTRY_CODE, OTP_LENGTH, PHONE_MAX_LENGTH, PHONE_MIN_DIGITS } from '@utsav/contracts';

/** Login field rules (spec §5). Pure, so the page and the tests share one definition. */

export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = 'Please enter a valid phone number';
export const CODE_REQUIRED = 'OTP is required';
export const CODE_INVALID = `OTP must be ${OTP_LENGTH} digits`;

const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_LENGTH}}$`);
const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

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

/** The message to show under the phone field, or null when the number can be sent. */
export function validatePhone(digits: string): string | null {
  if (digits === '') return PHONE_REQUIRED;
  return PHONE_PATTERN.test(digits) ? null : PHONE_INVALID;
}

/** The message to show under the code field, or null when the code can be checked. */
export function validateCode(code: string): string | null {
  if (code === '') return CODE_REQUIRED;
  return CODE_PATTERN.test(code) ? null : CODE_INVALID;
}
