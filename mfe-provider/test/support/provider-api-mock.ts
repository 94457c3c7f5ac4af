/**
 * `@utsav/contracts/provider` for the page tests: its calls are mocks (each test says what the API answers), its
 * cache keys and its live patch are the real ones, so a change the page makes shows the way it would.
 * Use: jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
 */
export function providerApiMock() {
  const actual = jest.requireActual<typeof import('@utsav/contracts/provider')>('@utsav/contracts/provider');
  const mocked = jest.createMockFromModule<typeof import('@utsav/contracts/provider')>('@utsav/contracts/provider');
  return {
    ...mocked,
    providerKeys: actual.providerKeys,
    PROVIDER_BOOKING_LISTS: actual.PROVIDER_BOOKING_LISTS,
    showProviderBookingChange: actual.showProviderBookingChange,
    PROVIDER_ENQUIRY_LISTS: actual.PROVIDER_ENQUIRY_LISTS,
    showProviderEnquiryChange: actual.showProviderEnquiryChange,
  };
}
