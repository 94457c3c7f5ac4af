import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast, useSession } from '@utsav/contracts';
import { checkoutCart, createBooking, getCart } from '@utsav/contracts/booking';
import { INVALID_COUPON } from '@utsav/contracts/schemas';
import { COUPON_STORAGE_KEY } from '../src/features/cart/coupon';
import { booking, cart, cartLine, pricing, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/payment');
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const ITEMS = [
  cartLine('i1', { title: 'Haldi Photography', price: 1_000_000, note: 'Morning light' }),
  cartLine('i2', { title: 'Mehendi Artist', price: 1_000_000, serviceId: 's2', menuId: 'm2', serviceTitle: 'Henna by Meera', providerName: 'Meera Mehendi Arts' }),
];
/** The cart as the server prices it with SAVE20: 20% off each line. */
const ITEMS_SAVE20 = cart(
  ITEMS.map((item) => ({ ...item, pricing: pricing(item.price, 200_000) })),
  { code: 'SAVE20', applied: true, description: '20% off your cart' },
);

let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getCart).mockResolvedValue(cart(ITEMS));
  jest.mocked(checkoutCart).mockResolvedValue({ bookings: [booking()], cart: cart([]) });
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
const confirm = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

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
    expect(checkoutCart).not.toHaveBeenCalled();
    expect(successToast).not.toHaveBeenCalled();
  });

  it('checks the email looks like one', async () => {
    const user = await renderLoaded();
    await user.clear(box('Email'));
    await user.type(box('Email'), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    expect(checkoutCart).not.toHaveBeenCalled();
  });

  it('a message goes when its field is edited and comes back only on the next Confirm Booking; focus stays on the button', async () => {
    const user = await renderLoaded();
    await user.clear(box('Email'));
    await user.clear(box('Phone'));
    await confirm(user);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toHaveFocus();
    await user.type(box('Email'), 'asha@');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    await confirm(user);
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(checkoutCart).not.toHaveBeenCalled();
  });

  it('has no payment-method choice: the advance is paid online through Razorpay once the provider accepts', async () => {
    await renderLoaded();
    const method = screen.getByRole('region', { name: 'Payment Method' });
    expect(within(method).queryAllByRole('radio')).toHaveLength(0);
    expect(method).toHaveTextContent(
      "Nothing is charged now. Once a provider accepts, you pay that booking's advance online through Razorpay: UPI, cards, netbanking or wallets.",
    );
    expect(screen.queryByText(/PayPal|Bank Transfer/)).not.toBeInTheDocument();
  });

  it("summarises the cart with the server's figures: each booking (package, service and provider), its value, the totals and what is due after acceptance", async () => {
    await renderLoaded();
    const lines = within(within(summary()).getByRole('list', { name: 'Bookings' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Haldi PhotographyLens Studio Photography₹10,000.00',
      'Mehendi ArtistHenna by Meera by Meera Mehendi Arts₹10,000.00',
    ]);
    expect(total('Subtotal')).toBe('₹20,000.00');
    expect(total('Total booking value')).toBe('₹20,000.00');
    // each ₹10,000 booking: advance ₹1,000 + fee ₹20 + GST ₹3.60
    expect(total('Due after acceptance')).toBe('₹2,047.20');
    expect(total('Paid to the provider later')).toBe('₹18,000.00');
    expect(within(summary()).queryByText(/Platform Fee|Tax|\$/)).not.toBeInTheDocument();
  });

  it('prices the cart with the coupon carried from the cart', async () => {
    jest.mocked(getCart).mockResolvedValue(ITEMS_SAVE20);
    await renderLoaded({ coupon: 'SAVE20' });
    expect(getCart).toHaveBeenCalledWith(expect.any(AbortSignal), 'SAVE20');
    expect(total('Discount (SAVE20)')).toBe('−₹4,000.00');
    expect(total('Total booking value')).toBe('₹16,000.00');
    const lines = within(within(summary()).getByRole('list', { name: 'Bookings' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Haldi PhotographyLens Studio PhotographyPrice ₹10,000.00 · Discount (SAVE20) −₹2,000.00₹8,000.00',
      'Mehendi ArtistHenna by Meera by Meera Mehendi ArtsPrice ₹10,000.00 · Discount (SAVE20) −₹2,000.00₹8,000.00',
    ]);
  });

  it("a valid submit is ONE checkout call with the coupon, the requests and the total shown (no amount); then it says the requests were sent and what happens next, and opens My Bookings", async () => {
    jest.mocked(getCart).mockResolvedValue(ITEMS_SAVE20);
    sessionStorage.setItem(COUPON_STORAGE_KEY, 'SAVE20');
    const user = await renderLoaded();
    await user.type(box('Special Requests'), 'Please call first');
    await confirm(user);
    await waitFor(() => expect(currentLocation()).toBe('/bookings'));
    expect(checkoutCart).toHaveBeenCalledTimes(1);
    expect(checkoutCart).toHaveBeenCalledWith({ couponCode: 'SAVE20', requests: 'Please call first', expectedTotal: 1_600_000 });
    expect(createBooking).not.toHaveBeenCalled();
    expect(successToast).toHaveBeenCalledWith(
      '2 booking requests sent. Each provider will accept or decline; once one is accepted, pay its advance from My Bookings.',
    );
    expect(successToast).not.toHaveBeenCalledWith(expect.stringMatching(/confirmed/i));
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
  });

  it("a coupon that no longer applies is said so, and checkout goes on without it at the server's total", async () => {
    jest.mocked(getCart).mockResolvedValue(cart(ITEMS, { code: 'SAVE20', applied: false, message: INVALID_COUPON }));
    const user = await renderLoaded({ coupon: 'SAVE20' });
    expect(within(summary()).getByRole('status')).toHaveTextContent(`Coupon SAVE20 does not apply: ${INVALID_COUPON}`);
    await confirm(user);
    await waitFor(() => expect(checkoutCart).toHaveBeenCalledWith({ couponCode: undefined, requests: '', expectedTotal: 2_000_000 }));
  });

  it("a changed total (409) books nothing: the page says so and shows the cart as the server prices it now", async () => {
    const message = "Your cart's total is now ₹20,000.01: a price or the coupon changed since it was shown. Review the new total and confirm again. Nothing was booked.";
    jest.mocked(checkoutCart).mockRejectedValue(new ApiError(409, message));
    const user = await renderLoaded();
    const repriced = [cartLine('i1', { title: 'Haldi Photography', price: 1_000_001 }), ITEMS[1]!];
    jest.mocked(getCart).mockResolvedValue(cart(repriced));
    await confirm(user);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(`Booking failed: ${message}`));
    await waitFor(() => expect(total('Total booking value')).toBe('₹20,000.01'));
    expect(successToast).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
    // confirming again sends the new total
    jest.mocked(checkoutCart).mockResolvedValue({ bookings: [booking()], cart: cart([]) });
    await confirm(user);
    await waitFor(() => expect(checkoutCart).toHaveBeenLastCalledWith({ couponCode: undefined, requests: '', expectedTotal: 2_000_001 }));
  });

  it('another failure stays on the page, says so and does not confirm', async () => {
    jest.mocked(checkoutCart).mockRejectedValue(new ApiError(500, 'Internal error'));
    const user = await renderLoaded();
    await confirm(user);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Booking failed: Internal error'));
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
