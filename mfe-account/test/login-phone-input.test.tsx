import { codeDigits, phoneDigits, validateCode, validatePhone } from '../src/features/login/phone-input';

describe('phoneDigits', () => {
  it('keeps digits only', () => {
    expect(phoneDigits('98a76-54 (32)1x0')).toBe('9876543210');
  });

  it('keeps at most 15 digits', () => {
    expect(phoneDigits('12345678901234567890')).toBe('123456789012345');
  });

  it('drops a pasted +91, which the field already shows as its prefix', () => {
    expect(phoneDigits('+91 98765 43210')).toBe('9876543210');
    // without the plus sign 91 may be the start of the number itself: keep it
    expect(phoneDigits('9198765432')).toBe('9198765432');
  });
});

describe('codeDigits', () => {
  it('keeps at most 6 digits', () => {
    expect(codeDigits('12-34 5a678')).toBe('123456');
  });
});

describe('validatePhone', () => {
  it.each([
    ['', 'Phone number is required'],
    ['987654321', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['1234567890123456', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['98765x4321', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    // an Indian mobile number only (issue 39): 10 digits, the first 6, 7, 8 or 9
    ['5876543210', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['0987654321', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['98765432101', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['123456789012345', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['9876543210', null],
    ['6000000000', null],
  ])('%p -> %p', (digits, message) => {
    expect(validatePhone(digits)).toBe(message);
  });
});

describe('validateCode', () => {
  it.each([
    ['', 'OTP is required'],
    ['12345', 'OTP must be 6 digits'],
    ['1234567', 'OTP must be 6 digits'],
    ['12a456', 'OTP must be 6 digits'],
    ['123456', null],
  ])('%p -> %p', (code, message) => {
    expect(validateCode(code)).toBe(message);
  });
});
