import { act, screen, within } from '@testing-library/react';
import { changeLocale, getAddresses, useSession } from '@utsav/contracts';
import { getAvailability, getUserBookings } from '@utsav/contracts/booking';
import { getMenu } from '@utsav/contracts/catalog';
import { booking, menuResponse, pinFixtureDate, savedAddress, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
// the service (where its provider is based) stays on its way unless a test gives one
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn(() => new Promise(() => {})) }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn(), getAddresses: jest.fn() }));

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
});

afterEach(async () => {
  await act(() => changeLocale('en-IN'));
  jest.useRealTimers();
});

describe('Hindi (issue 20)', () => {
  it('shows My Bookings in Hindi: the heading, the tabs, the card with its dates and times, and its actions', async () => {
    pinFixtureDate();
    jest.mocked(getUserBookings).mockResolvedValue([booking('b-req', { menuName: 'Haldi Photography' })]);
    renderRoute('/bookings');
    await screen.findByRole('article', { name: 'Haldi Photography' });

    await act(() => changeLocale('hi-IN'));

    expect(screen.getByRole('heading', { level: 1, name: 'मेरी बुकिंग' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['अनुरोधित', 'स्वीकृत', 'कन्फ़र्म', 'विफल', 'रद्द']);
    const card = screen.getByRole('article', { name: 'Haldi Photography' });
    expect(card).toHaveTextContent('तारीख़5 दिस॰ 2026 – 7 दिस॰ 2026');
    expect(card).toHaveTextContent('समय9:00 पूर्वाह्न – 5:00 अपराह्न');
    expect(card).toHaveTextContent('राशि₹90,000.00');
    expect(within(card).getByRole('button', { name: 'वापस लें' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'विवरण देखें' })).toBeVisible();
    expect(screen.queryByText('Withdraw')).not.toBeInTheDocument();
  });

  it('shows the slot calendar in Hindi: the month, the weekdays and each day named in full', async () => {
    // Thursday 3 December 2026, 07:30 in India
    pinFixtureDate(new Date('2026-12-03T07:30:00+05:30'));
    jest.mocked(getMenu).mockResolvedValue(menuResponse());
    jest.mocked(getAddresses).mockResolvedValue([savedAddress('a1')]);
    jest.mocked(getAvailability).mockImplementation(async (serviceId, month) => ({ serviceId, month, dailyCapacity: 1, unavailable: [] }));
    await act(() => changeLocale('hi-IN'));

    renderRoute('/service/slots?serviceId=s1&package=m1');

    expect(await screen.findByRole('heading', { level: 2, name: 'Gold Wedding Package' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'टाइम स्लॉट चुनें' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'दिसंबर 2026' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['र', 'सो', 'मं', 'बु', 'गु', 'शु', 'श']);
    expect(headers[4]).toHaveAttribute('abbr', 'गुरुवार');
    expect(within(grid).getByRole('button', { name: 'गुरुवार, 10 दिसंबर 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अभी बुक करें' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'शुरू होने का समय' })).toHaveDisplayValue('9:00 पूर्वाह्न');
  });
});
