import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addAddress, getAddresses, toast, useSession } from '@utsav/contracts';
import { addCartItem, createBooking, getUserBookings } from '@utsav/contracts/booking';
import { getMenu, getService } from '@utsav/contracts/catalog';
import type { ServiceDetail } from '@utsav/contracts/schemas';
import { booking, cart, menu, menuResponse, savedAddress, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking', () => ({
  // every day can be booked unless a test says otherwise
  getAvailability: jest.fn(async (serviceId: string, month: string) => ({ serviceId, month, dailyCapacity: 1, unavailable: [] })),
  createBooking: jest.fn(),
  addCartItem: jest.fn(),
  getUserBookings: jest.fn(),
  getBooking: jest.fn(),
  getCart: jest.fn(),
}));
// the service (where its provider is based) stays on its way unless a test gives one
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn(() => new Promise(() => {})) }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn(), getAddresses: jest.fn(), addAddress: jest.fn() }));

jest.setTimeout(30_000);

const URL = '/service/slots?serviceId=s1&package=m1';
const book = jest.mocked(createBooking);
const addToCart = jest.mocked(addCartItem);
const loadAddresses = jest.mocked(getAddresses);
const saveAddress = jest.mocked(addAddress);

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date(2026, 11, 3, 10, 30));
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  jest.mocked(getMenu).mockResolvedValue(menuResponse());
  jest.mocked(getService).mockReturnValue(new Promise(() => {}));
  book.mockResolvedValue(booking('b1'));
  addToCart.mockResolvedValue(cart());
  jest.mocked(getUserBookings).mockResolvedValue([]);
});

afterEach(() => {
  jest.useRealTimers();
});

async function renderPage() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(URL);
  await screen.findByRole('heading', { level: 2, name: 'Gold Wedding Package' });
  return user;
}

const section = () => screen.getByRole('region', { name: 'Service address' });
const bookNow = () => screen.getByRole('button', { name: 'Book Now' });
const addToCartButton = () => screen.getByRole('button', { name: 'Add to Cart' });

describe('Slot selection: Service address', () => {
  it('chooses the newest saved address at first; another can be chosen, and Book Now sends the chosen one', async () => {
    loadAddresses.mockResolvedValue([
      savedAddress('a2', { label: 'Work', line1: '7 Park Street', line2: '', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }),
      savedAddress('a1'),
    ]);
    const user = await renderPage();
    const work = await within(section()).findByRole('radio', { name: /Work/ });
    expect(loadAddresses).toHaveBeenCalledWith('user-1', expect.any(AbortSignal));
    expect(work).toBeChecked();
    expect(within(section()).getByText('7 Park Street, Kolkata, West Bengal 700016')).toBeInTheDocument();
    await user.click(within(section()).getByRole('radio', { name: /Home/ }));
    await user.click(screen.getByRole('button', { name: 'Saturday, 5 December 2026' }));
    await user.click(bookNow());
    expect(book.mock.calls[0]![0]).toMatchObject({ addressId: 'a1' });
  });

  it('with no saved address: the buttons are off and say why; an address added here is saved, chosen and sent', async () => {
    loadAddresses.mockResolvedValue([]);
    saveAddress.mockResolvedValue(savedAddress('new-1', { line1: '4 Lake View', line2: '', city: 'Udaipur', state: 'Rajasthan', pincode: '313001' }));
    const user = await renderPage();
    const form = await within(section()).findByRole('form', { name: 'New address' });
    expect(bookNow()).toBeDisabled();
    expect(addToCartButton()).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Your selection' })).toHaveTextContent('Choose where the service should happen');
    expect(bookNow()).toHaveAccessibleDescription('Choose where the service should happen');

    fireEvent.change(within(form).getByLabelText(/House, street and area/), { target: { value: '4 Lake View' } });
    fireEvent.change(within(form).getByLabelText(/^City/), { target: { value: 'Udaipur' } });
    fireEvent.change(within(form).getByLabelText(/^State/), { target: { value: 'Rajasthan' } });
    fireEvent.change(within(form).getByLabelText(/PIN code/), { target: { value: '31300' } });
    await user.click(within(form).getByRole('button', { name: 'Save and use this address' }));
    expect(await within(form).findByText('Enter a 6-digit PIN code')).toBeInTheDocument();
    expect(saveAddress).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText(/PIN code/), { target: { value: '313001' } });
    await user.click(within(form).getByRole('button', { name: 'Save and use this address' }));
    await waitFor(() => expect(saveAddress).toHaveBeenCalledTimes(1));
    expect(saveAddress).toHaveBeenCalledWith('user-1', {
      label: 'Home',
      line1: '4 Lake View',
      line2: '',
      landmark: '',
      city: 'Udaipur',
      state: 'Rajasthan',
      pincode: '313001',
    });
    expect(await within(section()).findByRole('radio', { name: /4 Lake View, Udaipur/ })).toBeChecked();
    expect(within(section()).queryByRole('form')).not.toBeInTheDocument();
    expect(bookNow()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Saturday, 5 December 2026' }));
    await user.click(addToCartButton());
    expect(addToCart.mock.calls[0]![0]).toMatchObject({ addressId: 'new-1' });
  });

  it('"Add a new address" opens the form beside the saved ones; Cancel closes it and keeps the choice', async () => {
    loadAddresses.mockResolvedValue([savedAddress('a1')]);
    const user = await renderPage();
    await user.click(await within(section()).findByRole('button', { name: 'Add a new address' }));
    expect(within(section()).getByRole('form', { name: 'New address' })).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(within(section()).queryByRole('form')).not.toBeInTheDocument();
    expect(within(section()).getByRole('radio', { name: /Home/ })).toBeChecked();
    expect(bookNow()).toBeEnabled();
  });
});

/** The package's service: a photographer based in Hyderabad. */
function hyderabadService(travelTerms: string | null): ServiceDetail {
  const image = { id: 'i', url: '/media/services/i-480.webp', width: 800, height: 600, alt: 'A photo' };
  return {
    serviceId: 's1',
    title: 'Lens Studio Photography',
    description: 'Weddings.',
    category: 'Photography',
    location: { city: 'Hyderabad', state: 'Telangana' },
    currency: 'INR',
    price: 9_000_000,
    reviewCount: 0,
    images: { mainImage: image, workSamples: [] },
    averageRating: null,
    provider: { name: 'Lens Studio', travelTerms },
    menus: [menu()],
  };
}

describe('Slot selection: a provider based in another city than the address (issue 39)', () => {
  const HYDERABAD = savedAddress('a3', { label: 'Other', line1: '1 Road No. 12', line2: 'Banjara Hills', city: 'Hyderabad', state: 'Telangana', pincode: '500034' });

  it('says so before Book Now, with the travel terms, and not once the address is in the same city', async () => {
    jest.mocked(getService).mockResolvedValue(hyderabadService('Travels anywhere in India at cost.'));
    loadAddresses.mockResolvedValue([savedAddress('a1'), HYDERABAD]);
    const user = await renderPage();
    const notice = await screen.findByText(/^This photographer is based in Hyderabad; your address is in Bengaluru\./);
    expect(notice).toHaveTextContent('Their travel terms: Travels anywhere in India at cost.');
    expect(jest.mocked(getService)).toHaveBeenCalledWith('s1', expect.any(AbortSignal));
    expect(bookNow()).toHaveAccessibleDescription(/This photographer is based in Hyderabad/);
    expect(addToCartButton()).toHaveAccessibleDescription(/This photographer is based in Hyderabad/);
    await user.click(within(section()).getByRole('radio', { name: /Other/ }));
    await waitFor(() => expect(screen.queryByText(/based in Hyderabad/)).not.toBeInTheDocument());
    expect(bookNow()).not.toHaveAccessibleDescription(/Hyderabad/);
  });

  it('a provider who has given no travel terms: asks to check with them; a city written another way is the same city', async () => {
    jest.mocked(getService).mockResolvedValue({ ...hyderabadService(null), location: { city: 'Bengaluru', state: 'Karnataka' }, category: 'Catering' });
    loadAddresses.mockResolvedValue([savedAddress('a1', { city: ' bangalore ' }), HYDERABAD]);
    const user = await renderPage();
    await within(section()).findByRole('radio', { name: /Home/ });
    expect(screen.queryByText(/based in/)).not.toBeInTheDocument();
    await user.click(within(section()).getByRole('radio', { name: /Other/ }));
    expect(await screen.findByText(/^This caterer is based in Bengaluru; your address is in Hyderabad\./)).toHaveTextContent(
      'They have not said what travel costs: ask them before you book.',
    );
  });
});
