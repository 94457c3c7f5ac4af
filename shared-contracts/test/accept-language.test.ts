/**
 * @jest-environment node
 */
/// <reference types="node" />
// Errors and validation messages in the page's language: each API call says the page's language
// (Accept-Language), and the schemas' messages are looked up as a parse reports them, in the language of the
// work under way (currentLocale): the browser page's, or on the host's server the request's being rendered.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createStore } from 'jotai/vanilla';
import { apiRequest, configure, configureServerScope, currentLocale, loadLocale, localeAtom, utsavStore, type Locale, type ServerScope } from '../src';
import { ADDRESS_REQUIRED_MESSAGE, addressInputSchema, DATE_RANGE_MESSAGE, INVALID_COUPON, onboardingProfileSchema, reviewCreateSchema, TIME_RANGE_MESSAGE } from '../src/domain/schemas';
import { sayNow } from '../src/domain/validation-messages';
import { SLOT_MESSAGES } from '../src/domain/slot-rules';

const scopes = new AsyncLocalStorage<ServerScope>();
const fetchMock = jest.fn();

beforeAll(async () => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  configureServerScope(() => scopes.getStore());
  configure({ apiUrl: 'http://api.test' });
  await loadLocale('hi-IN');
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  utsavStore.set(localeAtom, 'en-IN');
});

const sentLanguage = () => (fetchMock.mock.calls.at(-1)![1] as RequestInit & { headers: Record<string, string> }).headers['Accept-Language'];

test("every call says the page's language, and follows it when the page turns", async () => {
  await apiRequest('/services/popular');
  expect(sentLanguage()).toBe('en-IN');
  utsavStore.set(localeAtom, 'hi-IN');
  await apiRequest('/cart', { method: 'POST', body: { a: 1 } });
  expect(sentLanguage()).toBe('hi-IN');
});

test("on the host's server a call says the language of the request being rendered, not the browser store's", async () => {
  const store = createStore();
  store.set(localeAtom, 'hi-IN');
  const scope: ServerScope = { store, uid: null, authorization: null, forwardedFor: '203.0.113.7' };
  await scopes.run(scope, () => apiRequest('/services/popular'));
  expect(sentLanguage()).toBe('hi-IN');
  expect(utsavStore.get(localeAtom)).toBe('en-IN');
});

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('validation messages', () => {
  it("are the page's language, looked up when the parse reports them (the same schema, English then Hindi)", () => {
    expect(firstMessage(reviewCreateSchema.safeParse({ rating: 5, text: ' ' }))).toBe('Write a few words about it');
    utsavStore.set(localeAtom, 'hi-IN');
    expect(currentLocale()).toBe('hi-IN');
    expect(firstMessage(reviewCreateSchema.safeParse({ rating: 5, text: ' ' }))).toBe('इसके बारे में कुछ शब्द लिखें');
    expect(SLOT_MESSAGES.endTimeNotAfterStart).toBe('ख़त्म होने का समय शुरू के समय के बाद होना चाहिए।');
  });

  it('say a field label and a number whole in Hindi, and stay word for word in English', () => {
    const profile = { name: '', email: 'a@b.in', age: 30, gender: 'female', phone: '+919876543210', skippedService: true };
    expect(firstMessage(onboardingProfileSchema.safeParse(profile))).toBe('Full name is required');
    expect(firstMessage(onboardingProfileSchema.safeParse({ ...profile, name: 'x'.repeat(101) }))).toBe('Full name must be at most 100 characters');
    utsavStore.set(localeAtom, 'hi-IN');
    expect(firstMessage(onboardingProfileSchema.safeParse(profile))).toBe('पूरा नाम ज़रूरी है');
    expect(firstMessage(onboardingProfileSchema.safeParse({ ...profile, name: 'x'.repeat(101) }))).toBe('पूरा नाम: ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं');
  });

  it("on the host's server are the language of the request being rendered: two renders at once, each its own", async () => {
    const address = { label: 'Home', line1: 'x', city: 'Pune', state: 'Maharashtra', pincode: '012345' };
    const render = (locale: Locale) => {
      const store = createStore();
      store.set(localeAtom, locale);
      return scopes.run({ store, uid: null, authorization: null, forwardedFor: '203.0.113.7' }, async () => {
        const before = firstMessage(addressInputSchema.safeParse(address));
        await new Promise((resolve) => setTimeout(resolve, 5)); // the other render runs meanwhile
        return [before, firstMessage(addressInputSchema.safeParse(address))];
      });
    };
    const [hindi, english] = await Promise.all([render('hi-IN'), render('en-IN')]);
    expect(hindi).toEqual(['पिन कोड 0 से शुरू नहीं होता', 'पिन कोड 0 से शुरू नहीं होता']);
    expect(english).toEqual(['A PIN code does not start with 0', 'A PIN code does not start with 0']);
    // and outside a render, the browser store's
    utsavStore.set(localeAtom, 'hi-IN');
    expect(firstMessage(addressInputSchema.safeParse(address))).toBe('पिन कोड 0 से शुरू नहीं होता');
  });

  it("the English constants some pages and tests name are the catalogue's English", () => {
    expect(sayNow('validation.slot.dateRange')).toBe(DATE_RANGE_MESSAGE);
    expect(sayNow('validation.slot.timeRange')).toBe(TIME_RANGE_MESSAGE);
    expect(sayNow('validation.address.required')).toBe(ADDRESS_REQUIRED_MESSAGE);
    expect(sayNow('validation.coupon.invalid')).toBe(INVALID_COUPON);
  });
});
