import fc from 'fast-check';
import { MASKED_CONTACT, maskContacts } from '../src/domain/contact-mask';

/**
 * The marketplace's contact masking (issue 37, item 4): what a message must never carry before a booking is confirmed,
 * and what it must keep (prices, dates, times, guest counts).
 */

const RUNS = { numRuns: 500 };
const digit = fc.constantFrom(...'0123456789');
const devanagariDigit = fc.constantFrom(...'०१२३४५६७८९');
const separator = fc.constantFrom('', '', '', ' ', '-', '.', ' - ', '(', ')');
/** a 10-digit mobile written the ways people write one: +91 or not, grouped with spaces, dashes, dots, brackets */
const phone = fc
  .tuple(fc.constantFrom('', '+91', '+91 ', '91', '0'), fc.array(fc.tuple(fc.oneof(digit, devanagariDigit), separator), { minLength: 10, maxLength: 10 }))
  .map(([prefix, parts]) => prefix + parts.map(([d, s], index) => (index < 9 ? d + s : d)).join(''));
const word = fc.stringMatching(/^[a-zA-Z]{1,10}$/);
const email = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9._+-]{0,15}$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), fc.constantFrom('com', 'in', 'co.in', 'org')).map(([user, host, tld]) => `${user}@${host}.${tld}`);
const around = fc.tuple(fc.array(word, { maxLength: 4 }), fc.array(word, { maxLength: 4 })).map(([before, after]) => [before.join(' '), after.join(' ')] as const);

const digitsOf = (text: string) => (text.match(/[0-9०-९]/gu) ?? []).length;

test('a phone number, however it is written, in any words, is hidden', () => {
  fc.assert(
    fc.property(phone, around, (number, [before, after]) => {
      const { text, masked } = maskContacts(`${before} ${number} ${after}`);
      expect(masked).toBe(true);
      expect(text).toContain(MASKED_CONTACT);
      // no run of 10 digits survives
      expect(text.replace(/[\s().-]/g, '')).not.toMatch(/[0-9०-९]{10}/u);
    }),
    RUNS,
  );
});

test('an email address is hidden', () => {
  fc.assert(
    fc.property(email, around, (address, [before, after]) => {
      const { text, masked } = maskContacts(`${before} ${address}, ${after}`);
      expect(masked).toBe(true);
      expect(text).not.toContain('@');
      expect(text).toBe(`${before} ${MASKED_CONTACT}, ${after}`);
    }),
    RUNS,
  );
});

test('prices, dates, times and counts stay as written', () => {
  const money = fc.nat({ max: 99_99_99_999 }).map((rupees) => `₹${rupees.toLocaleString('en-IN')}`);
  const date = fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2026, max: 2030 })).map(([d, m, y]) => `${d}/${m}/${y}`);
  const time = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${h}:${String(m).padStart(2, '0')} pm`);
  const count = fc.nat({ max: 99_999 }).map((n) => `${n} guests`);
  fc.assert(
    fc.property(fc.array(fc.oneof(money, date, time, count, word), { minLength: 1, maxLength: 8 }), (parts) => {
      const message = parts.join(' and ');
      expect(maskContacts(message)).toEqual({ text: message, masked: false });
    }),
    RUNS,
  );
});

test('the examples people type', () => {
  expect(maskContacts('Call me on +91 98765 43210 or write to asha@example.in').text).toBe(`Call me on ${MASKED_CONTACT} or write to ${MASKED_CONTACT}`);
  expect(maskContacts('WhatsApp 9876543210 pls').text).toBe(`WhatsApp ${MASKED_CONTACT} pls`);
  expect(maskContacts('my no is 98-76-54-32-10').masked).toBe(true);
  expect(maskContacts('०९८७६५४३२१० पर फ़ोन करें').masked).toBe(true);
  expect(maskContacts('Budget ₹1,50,000 for 300 guests on 12/12/2026 at 7:30 pm')).toEqual({ text: 'Budget ₹1,50,000 for 300 guests on 12/12/2026 at 7:30 pm', masked: false });
  expect(digitsOf(maskContacts('pin 302001, flat 12').text)).toBe(8);
});
