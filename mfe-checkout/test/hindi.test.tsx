import { act, screen, within } from '@testing-library/react';
import { changeLocale, useSession } from '@utsav/contracts';
import { getBooking, getBookingHistory } from '@utsav/contracts/booking';
import { booking, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/payment');
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

beforeEach(() => {
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getBooking).mockResolvedValue(booking());
  jest.mocked(getBookingHistory).mockResolvedValue([{ kind: 'requested', at: '2026-11-25T08:35:00.000Z', by: 'you' }]);
});

afterEach(async () => {
  await act(() => changeLocale('en-IN'));
});

it('in Hindi, the Order Summary is in Hindi: its headings, rows, dates, times, history and pay button', async () => {
  await act(() => changeLocale('hi-IN'));
  renderRoute('/bookings/order_summary?bid=b-1');

  expect(screen.getByRole('heading', { level: 1, name: 'ऑर्डर सारांश' })).toBeInTheDocument();
  const info = await screen.findByRole('region', { name: 'बुकिंग की जानकारी' });
  // the spec's header, for a booking that can be paid
  expect(screen.getByText('पेमेंट से पहले अपनी बुकिंग जाँच लें')).toBeInTheDocument();
  expect(within(info).getAllByRole('term').map((term) => term.textContent)).toEqual(['बुकिंग ID', 'तारीख़', 'समय', 'सर्विस', 'सेवा प्रदाता', 'पैकेज', 'पता']);
  expect(within(info).getByText('5 दिस॰ 2026 – 7 दिस॰ 2026')).toBeInTheDocument();
  expect(within(info).getByText('9:00 पूर्वाह्न – 5:00 अपराह्न')).toBeInTheDocument();

  const summary = screen.getByRole('region', { name: 'बुकिंग पेमेंट सारांश' });
  expect(within(summary).getByText('बुकिंग एडवांस (10%)')).toBeInTheDocument();
  expect(within(summary).getByText('बाकी ₹45,000.00 सर्विस पूरी होने के बाद सेवा प्रदाता को दिए जाते हैं।')).toBeInTheDocument();

  const history = screen.getByRole('region', { name: 'इतिहास' });
  const [step] = await within(history).findAllByRole('listitem');
  expect(step).toHaveTextContent('अनुरोध भेजा गया25 नव॰ 2026, 2:05 अपराह्न · आप');

  expect(screen.getByRole('button', { name: 'पेमेंट करें' })).toBeEnabled();
  expect(screen.queryByText('Order Summary')).not.toBeInTheDocument();
});
