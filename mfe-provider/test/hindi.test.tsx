import { act, screen, within } from '@testing-library/react';
import { changeLocale, useSession } from '@utsav/contracts';
import { getProviderBookings, getProviderEnquiries, getProviderListings } from '@utsav/contracts/provider';
import { LISTINGS, providerBooking, providerEnquiry, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

beforeEach(() => {
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  jest.mocked(getProviderBookings).mockResolvedValue([providerBooking()]);
});

afterEach(async () => {
  await act(() => changeLocale('en-IN'));
});

it('in Hindi, the inbox is in Hindi: its heading, sections, facts, dates and buttons', async () => {
  await act(() => changeLocale('hi-IN'));
  renderRoute('/provider');
  expect(screen.getByRole('heading', { level: 1, name: 'अनुरोध' })).toBeInTheDocument();
  const request = await screen.findByRole('article', { name: 'Asha Rao का अनुरोध' }, { timeout: 5_000 });
  expect(within(request).getAllByRole('term').map((term) => term.textContent)).toEqual(['ग्राहक', 'सर्विस', 'पैकेज', 'तारीख़ें', 'समय', 'पता', 'नोट', 'आपको मिलने वाला एडवांस', 'बुकिंग की कीमत']);
  expect(within(request).getByText('5 दिस॰ 2026 – 7 दिस॰ 2026')).toBeInTheDocument();
  expect(within(request).getByRole('button', { name: 'स्वीकार करें' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'सेवा प्रदाता के हिस्से' })).toBeInTheDocument();
  expect(screen.queryByText('Requests')).not.toBeInTheDocument();
});

it('in Hindi, the enquiries are in Hindi: the heading, the event, the guests and the state', async () => {
  jest.mocked(getProviderEnquiries).mockResolvedValue([providerEnquiry()]);
  await act(() => changeLocale('hi-IN'));
  renderRoute('/provider/enquiries');
  expect(screen.getByRole('heading', { level: 1, name: 'पूछताछ' })).toBeInTheDocument();
  const enquiry = await screen.findByRole('article', { name: 'Asha की पूछताछ' }, { timeout: 5_000 });
  expect(within(enquiry).getByText('संगीत')).toBeInTheDocument();
  expect(within(enquiry).getByText('250 मेहमान')).toBeInTheDocument();
  expect(within(enquiry).getByText('आपके कोटेशन का इंतज़ार')).toBeInTheDocument();
  expect(within(enquiry).getByRole('link', { name: 'कोटेशन भेजें' })).toBeInTheDocument();
  expect(screen.queryByText('Enquiries')).not.toBeInTheDocument();
});
