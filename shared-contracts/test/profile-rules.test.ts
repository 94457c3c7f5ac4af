/**
 * @jest-environment node
 */
// Issue 39: one phone rule (an Indian mobile number) and one name rule (at least one letter, any script),
// as the Login page, onboarding, My Account and the API all check them.
import { loadLocale, localeAtom, utsavStore } from '../src';
import { indianMobileDigits, isIndianMobile, isIndianMobileNumber, onboardingProfileSchema, profileUpdateSchema } from '../src/domain/schemas';

beforeAll(() => loadLocale('hi-IN'));
beforeEach(() => utsavStore.set(localeAtom, 'en-IN'));

const profile = { name: 'Asha Verma', email: 'a@b.in', age: 30, gender: 'female', phone: '+919876543210', skippedService: true };
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the phone rule: an Indian mobile number', () => {
  it.each([
    ['9876543210', true],
    ['6000000000', true],
    ['7012345678', true],
    ['8123456789', true],
    ['5123456789', false],
    ['0987654321', false],
    ['1234567890', false],
    ['987654321', false],
    ['98765432101', false],
    ['98765x4321', false],
    ['', false],
  ])('the digits %p: %p', (digits, valid) => {
    expect(isIndianMobile(digits)).toBe(valid);
  });

  it.each([
    ['+919876543210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['(+91) 98765 43210', '9876543210'],
    ['9876543210', '9876543210'],
    ['+14155550123', null],
    ['+915123456789', null],
    ['+9198765432101', null],
    ['919876543210', null],
  ])('the number %p is %p', (phone, digits) => {
    expect(indianMobileDigits(phone)).toBe(digits);
    expect(isIndianMobileNumber(phone)).toBe(digits !== null);
  });

  it('is the profile schema’s phone rule, in words that say what is wanted', () => {
    expect(onboardingProfileSchema.safeParse(profile).success).toBe(true);
    expect(messages(onboardingProfileSchema.safeParse({ ...profile, phone: '+14155550123' }))).toEqual([
      'phone: Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9',
    ]);
    expect(messages(onboardingProfileSchema.safeParse({ ...profile, phone: '+915123456789' }))).toHaveLength(1);
    utsavStore.set(localeAtom, 'hi-IN');
    expect(messages(onboardingProfileSchema.safeParse({ ...profile, phone: '12345' }))).toEqual([
      'phone: कृपया 6, 7, 8 या 9 से शुरू होने वाला 10 अंकों का सही मोबाइल नंबर डालें',
    ]);
  });
});

describe('the name rule: at least one letter, of any script', () => {
  it.each(['Asha Verma', 'आशा वर्मा', 'ਸਿਮਰਨ', 'தமிழ்', 'A', "D'Souza-2"])('%p is a name', (name) => {
    expect(onboardingProfileSchema.safeParse({ ...profile, name }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ ...profile, name }).success).toBe(true);
  });

  it.each(['12345', '...', '  42 ', '☺', '-- --'])('%p is not', (name) => {
    expect(messages(onboardingProfileSchema.safeParse({ ...profile, name }))).toEqual(['name: Full name must contain at least one letter']);
    expect(messages(profileUpdateSchema.safeParse({ ...profile, name }))).toEqual(['name: Full name must contain at least one letter']);
  });

  it('says so in Hindi on a Hindi page; a blank name is still "required"', () => {
    utsavStore.set(localeAtom, 'hi-IN');
    expect(messages(onboardingProfileSchema.safeParse({ ...profile, name: '123' }))).toEqual(['name: पूरे नाम में कम से कम एक अक्षर होना चाहिए']);
    expect(messages(onboardingProfileSchema.safeParse({ ...profile, name: '  ' }))).toEqual(['name: पूरा नाम ज़रूरी है']);
  });
});
