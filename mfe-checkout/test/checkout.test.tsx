import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast, useSession } from '@utsav/contracts';
import { createBooking, getCart, removeCartItem } from '@utsav/contracts/booking';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { getOffers } from '@utsav/contracts/payment';
import { booking, cart, cartLine, OFFERS, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/payment');
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const ITEMS = [
  cartLine('i1', { title: 'Haldi Photography', price: 1_000_000, note: 'Morning light' }),
  cartLine('i2', { title: 'Mehendi Artist', price: 500_000, quantity: 2, serviceId: 's2', menuId: 'm2' }),
];

let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getCart).mockResolvedValue(cart(ITEMS));
  jest.mocked(getOffers).mockResolvedValue(OFFERS);
  jest.mocked(createBooking).mockResolvedValue(booking());
  jest.mocked(removeCartItem).mockResolvedValue(cart([]));
  successToast = jest.spyOn(toast, 'success').mockReturnValue('t');
  errorToast = jest.spyOn(toast, 'error').mockReturnValue('t');
});

afterEach(() => {
  successToast.mockRestore();
  errorToast.mockRestore();
});

async function renderLoaded(state?: unknown) {
  const user = userEvent.setup();
  renderRoute('/checkout', state);
  await screen.findByRole('heading', { level: 2, name: 'Contact Information' });
  return user;
}

const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const summary = () => screen.getByRole('region', { name: 'Order Summary' });
const total = (label: string) => within(summary()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Checkout', () => {
  it('prefills the contact form from the session profile; special requests is empty', async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(box('Full Name')).toHaveValue('Asha Rao');
    expect(box('Email')).toHaveValue('asha@example.com');
    expect(box('Phone')).toHaveValue('+919800000001');
    expect(box('Special Requests')).toHaveValue('');
  });

  it('requires name, email and phone, with the messages', async () => {
    const user = await renderLoaded();
    await user.clear(box('Full Name'));
    await user.clear(box('Email'));
    await user.clear(box('Phone'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(createBooking).not.toHaveBeenCalled();
    expect(successToast).not.toHaveBeenCalled();
  });

  it('checks the email looks like one', async () => {
    const user = await renderLoaded();
    await user.clear(box('Email'));
    await user.type(box('Email'), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    expect(createBooking).not.toHaveBeenCalled();
  });

  it('offers Credit/Debit Card (default), PayPal and Bank Transfer', async () => {
    const user = await renderLoaded();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Credit/Debit Card', 'PayPal', 'Bank Transfer']);
    expect(screen.getByRole('radio', { name: 'Credit/Debit Card' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Credit/Debit Card' })).not.toBeChecked();
  });

  it('summarises the cart in INR: the cart math plus the 10% tax line', async () => {
    await renderLoaded();
    expect(within(summary()).getByText('Haldi Photography × 1')).toBeInTheDocument();
    expect(within(summary()).getByText('Mehendi Artist × 2')).toBeInTheDocument();
    expect(total('Subtotal')).toBe('₹20,000.00');
    expect(total('Platform Fee')).toBe('₹20.00');
    expect(total('Tax (10%)')).toBe('₹2,000.00');
    expect(total('Total')).toBe('₹22,020.00');
    expect(within(summary()).queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('applies the coupon carried from the cart', async () => {
    await renderLoaded({ coupon: 'SAVE20' });
    await waitFor(() => expect(total('Discount (SAVE20)')).toBe('−₹4,000.00'));
    expect(total('Total')).toBe('₹18,020.00');
  });

  it("a valid submit creates one booking request per item, empties the cart, toasts 'Booking confirmed!' and opens My Bookings", async () => {
    const user = await renderLoaded();
    await user.type(box('Special Requests'), 'Please call first');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(currentLocation()).toBe('/bookings'));
    expect(createBooking).toHaveBeenCalledTimes(2);
    expect(createBooking).toHaveBeenNthCalledWith(
      1,
      expect.objectContaining({
        consumerId: 'user-1',
        consumerName: 'Asha Rao',
        consumerEmail: 'asha@example.com',
        menuId: 'm1',
        serviceId: 's1',
        menuName: 'Haldi Photography',
        preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
        preferredTime: { start: '09:00', end: '17:00' },
        note: 'Morning light\n\nPlease call first',
        bookingDate: todayInIndia(),
        // each item's own address: the API books only that one
        addressId: 'a1',
      }),
      'i1',
    );
    expect(createBooking).toHaveBeenNthCalledWith(2, expect.objectContaining({ menuId: 'm2', serviceId: 's2', note: 'Please call first' }), 'i2');
    // the API removes each item with its booking: no separate remove calls
    expect(removeCartItem).not.toHaveBeenCalled();
    expect(successToast).toHaveBeenCalledWith('Booking confirmed!');
  });

  it('killed midway (the 2nd of 3 fails): the 1st is booked and gone from the cart, the page says so, the 3rd is not tried', async () => {
    const items = [...ITEMS, cartLine('i3', { title: 'Sangeet DJ', price: 300_000, serviceId: 's3', menuId: 'm3' })];
    // the API's side: a booking with its cartItemId removes that item in the same transaction
    let server = items;
    jest.mocked(getCart).mockImplementation(async () => cart(server));
    jest.mocked(createBooking).mockImplementation(async (_payload, cartItemId) => {
      if (cartItemId === 'i2') throw new ApiError(409, 'That item is no longer in your cart (it may already be booked). Nothing was booked for it.');
      server = server.filter((item) => item.cartItemId !== cartItemId);
      return booking();
    });
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith(
        '1 of 3 booked; the rest stay in your cart. That item is no longer in your cart (it may already be booked). Nothing was booked for it.',
      ),
    );
    expect(jest.mocked(createBooking).mock.calls.map((call) => call[1])).toEqual(['i1', 'i2']);
    expect(removeCartItem).not.toHaveBeenCalled();
    // the summary now shows what the cart holds: what still needs booking
    await waitFor(() => expect(within(summary()).queryByText('Haldi Photography × 1')).not.toBeInTheDocument());
    expect(within(summary()).getByText('Mehendi Artist × 2')).toBeInTheDocument();
    expect(within(summary()).getByText('Sangeet DJ × 1')).toBeInTheDocument();
    expect(successToast).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  });

  it('a failed booking stays on the page, says so and does not confirm', async () => {
    jest.mocked(createBooking).mockRejectedValue(new ApiError(400, 'The date is in the past.'));
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Booking failed: The date is in the past.'));
    expect(successToast).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  });

  it("an empty cart says 'Your cart is empty'", async () => {
    jest.mocked(getCart).mockResolvedValue(cart([]));
    renderRoute('/checkout');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
  });
});
