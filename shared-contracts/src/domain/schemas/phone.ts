import { COUNTRY_CODE } from '../constants';

/**
 * The one phone rule of the app (issue 39): a number is an Indian mobile number, 10 digits starting with
 * 6, 7, 8 or 9. The Login page checks it before a code is sent; the profile schema and the API check it
 * wherever a phone number comes in.
 */

/** An Indian mobile number's national digits. */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;

/** Whether the digits, as typed after the +91 prefix, are an Indian mobile number. */
export function isIndianMobile(digits: string): boolean {
  return INDIAN_MOBILE_PATTERN.test(digits);
}

/**
 * The national digits of a phone number as people write it or as sign-in keeps it ('+91 98765-43210',
 * '+919876543210', '9876543210' all give '9876543210'), or null when it is not an Indian mobile number.
 */
export function indianMobileDigits(phone: string): string | null {
  const compact = phone.replace(/[\s()-]/g, '');
  const national = compact.startsWith(COUNTRY_CODE) ? compact.slice(COUNTRY_CODE.length) : compact;
  return isIndianMobile(national) ? national : null;
}

/** Whether a phone number (E.164 or as people write it) is an Indian mobile number. */
export function isIndianMobileNumber(phone: string): boolean {
  return indianMobileDigits(phone) !== null;
}
