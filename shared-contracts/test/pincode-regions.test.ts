import { loadLocale, localeAtom, utsavStore } from '../src';
import { PIN_PREFIXES, pincodeInState } from '../src/domain/pincode-regions';
import { addressInputSchema, INDIAN_STATES, type IndianState } from '../src/domain/schemas';

beforeAll(() => loadLocale('hi-IN'));
afterEach(() => utsavStore.set(localeAtom, 'en-IN'));

const firstMessage = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues[0]?.message;

/** Real PIN codes, each with its state or union territory. */
const REAL: [string, IndianState][] = [
  ['560001', 'Karnataka'], // Bengaluru GPO
  ['110001', 'Delhi'], // Connaught Place
  ['400001', 'Maharashtra'], // Mumbai GPO
  ['600001', 'Tamil Nadu'], // Chennai
  ['500001', 'Telangana'], // Hyderabad GPO
  ['700001', 'West Bengal'], // Kolkata
  ['403001', 'Goa'], // Panaji
  ['737101', 'Sikkim'], // Gangtok
  ['744101', 'Andaman and Nicobar Islands'], // Port Blair
  ['682001', 'Kerala'], // Kochi
  ['682555', 'Lakshadweep'], // Kavaratti
  ['160017', 'Chandigarh'],
  ['160062', 'Punjab'], // Mohali
  ['141001', 'Punjab'], // Ludhiana
  ['122001', 'Haryana'], // Gurugram
  ['171001', 'Himachal Pradesh'], // Shimla
  ['190001', 'Jammu and Kashmir'], // Srinagar
  ['194101', 'Ladakh'], // Leh
  ['226001', 'Uttar Pradesh'], // Lucknow
  ['248001', 'Uttarakhand'], // Dehradun
  ['263001', 'Uttarakhand'], // Nainital
  ['302001', 'Rajasthan'], // Jaipur
  ['380001', 'Gujarat'], // Ahmedabad
  ['396230', 'Dadra and Nagar Haveli and Daman and Diu'], // Silvassa
  ['452001', 'Madhya Pradesh'], // Indore
  ['492001', 'Chhattisgarh'], // Raipur
  ['520001', 'Andhra Pradesh'], // Vijayawada
  ['530001', 'Andhra Pradesh'], // Visakhapatnam
  ['605001', 'Puducherry'],
  ['695001', 'Kerala'], // Thiruvananthapuram
  ['751001', 'Odisha'], // Bhubaneswar
  ['781001', 'Assam'], // Guwahati
  ['791111', 'Arunachal Pradesh'], // Itanagar
  ['793001', 'Meghalaya'], // Shillong
  ['795001', 'Manipur'], // Imphal
  ['796001', 'Mizoram'], // Aizawl
  ['797001', 'Nagaland'], // Kohima
  ['799001', 'Tripura'], // Agartala
  ['800001', 'Bihar'], // Patna
  ['834001', 'Jharkhand'], // Ranchi
];

describe('PIN codes by state (India Post)', () => {
  it.each(REAL)('%s is in %s', (pincode, state) => {
    expect(pincodeInState(pincode, state)).toBe(true);
  });

  it('refuses a PIN code of another region', () => {
    expect(pincodeInState('560001', 'Delhi')).toBe(false);
    expect(pincodeInState('110001', 'Karnataka')).toBe(false);
    expect(pincodeInState('500001', 'Karnataka')).toBe(false);
    expect(pincodeInState('400001', 'Gujarat')).toBe(false);
    expect(pincodeInState('600001', 'Kerala')).toBe(false);
    expect(pincodeInState('700001', 'Odisha')).toBe(false);
    // a prefix that is a small territory's alone is not its big neighbour's
    expect(pincodeInState('403001', 'Maharashtra')).toBe(false);
    expect(pincodeInState('737101', 'West Bengal')).toBe(false);
    expect(pincodeInState('744101', 'West Bengal')).toBe(false);
    // the Army Post Office belongs to no state
    expect(INDIAN_STATES.some((state) => pincodeInState('900001', state))).toBe(false);
  });

  it('names every state and union territory the form offers, with a prefix each', () => {
    expect(Object.keys(PIN_PREFIXES).sort()).toEqual([...INDIAN_STATES].sort());
    for (const prefixes of Object.values(PIN_PREFIXES)) for (const prefix of prefixes) expect(prefix).toMatch(/^[1-8]\d{1,2}$/);
  });
});

describe('the address schema says a PIN code outside the state, under the PIN code', () => {
  const address = { label: 'Home', line1: '12 MG Road', city: 'Bengaluru', state: 'Delhi', pincode: '560001' };

  it('in English and Hindi', () => {
    const result = addressInputSchema.safeParse(address);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['pincode'], 'This PIN code is not in Delhi.']]);
    utsavStore.set(localeAtom, 'hi-IN');
    expect(firstMessage(addressInputSchema.safeParse(address))).toBe('यह पिन कोड Delhi में नहीं है।');
    utsavStore.set(localeAtom, 'en-IN');
    expect(addressInputSchema.safeParse({ ...address, state: 'Karnataka' }).success).toBe(true);
  });

  it('beside another field problem, and not when the PIN code itself is wrong', () => {
    const issues = addressInputSchema.safeParse({ ...address, line1: 'x'.repeat(121) }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path[0])).toEqual(['line1', 'pincode']);
    expect(issues[1]?.message).toBe('This PIN code is not in Delhi.');
    expect(addressInputSchema.safeParse({ ...address, pincode: '56001' }).error?.issues.map((issue) => issue.message)).toEqual(['Enter a 6-digit PIN code']);
    expect(addressInputSchema.safeParse({ ...address, state: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Choose a state or union territory']);
  });
});
