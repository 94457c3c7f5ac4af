import { COUNTRY_CODE, OTP_LENGTH, PHONE_MAX_LENGTH } from '@utsav/contracts';
import { isIndianMobile } from '@utsav/contracts/schemas';
import { translateAccount, type AccountMessage } from '../../i18n';

/**
 * Login field rules (spec §5; the phone's is the contracts' one rule, an Indian mobile number: issue 39).
 * Pure, so the page and the tests share one definition.
 */

/** The field messages, as catalogue ids (the page says them in its language: `t(id, CODE_VALUES)`). */
export const PHONE_REQUIRED = 'login.phone.required' satisfies AccountMessage;
export const PHONE_INVALID = 'login.phone.invalid' satisfies AccountMessage;
export const CODE_REQUIRED = 'login.code.required' satisfies AccountMessage;
export const CODE_INVALID = 'login.code.invalid' satisfies AccountMessage;
/** what the code messages' placeholders take */
export const CODE_VALUES = { digits: OTP_LENGTH };

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

/** What is wrong with the phone field (a message id), or null when the number can be sent: an Indian mobile number. */
export function phoneProblem(digits: string): AccountMessage | null {
  if (digits === '') return PHONE_REQUIRED;
  return isIndianMobile(digits) ? null : PHONE_INVALID;
}

/** What is wrong with the code field (a message id), or null when the code can be checked. */
export function codeProblem(code: string): AccountMessage | null {
  if (code === '') return CODE_REQUIRED;
  return CODE_PATTERN.test(code) ? null : CODE_INVALID;
}

/** The message to show under the phone field, in the page's language, or null when the number can be sent. */
export function validatePhone(digits: string): string | null {
  const problem = phoneProblem(digits);
  return problem && translateAccount(problem);
}

/** The message to show under the code field, in the page's language, or null when the code can be checked. */
export function validateCode(code: string): string | null {
  const problem = codeProblem(code);
  return problem && translateAccount(problem, CODE_VALUES);
}
