import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@utsav/contracts';
import { getCart, removeCartItem } from '@utsav/contracts/booking';
import { getOffers } from '@utsav/contracts/payment';
import type { Offer } from '@utsav/contracts/schemas';
import { COUPON_STORAGE_KEY } from '../src/features/cart/coupon';
import { cart, cartLine, deferred, OFFERS, HOME_LINE } from './support/fixtures';
import { currentLocation, currentState, renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/payment');

const load = jest.mocked(getCart);
const remove = jest.mocked(removeCartItem);

/** ₹10,000 × 1 + ₹5,000 × 2 = ₹20,000 */
const TWO = [cartLine('i1', { title: 'Haldi Photography', price: 1_000_000 }), cartLine('i2', { title: 'Mehendi Artist', price: 500_000, quantity: 2 })];

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  load.mockResolvedValue(cart(TWO));
  jest.mocked(getOffers).mockResolvedValue(OFFERS);
});

async function renderLoaded() {
  const user = userEvent.setup();
  renderRoute('/cart');
  await screen.findAllByRole('article');
  return user;
}

const summary = () => screen.getByRole('region', { name: 'Order Summary' });
function total(label: string) {
  return within(summary()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}
async function applyCoupon(user: ReturnType<typeof userEvent.setup>, code: string) {
  const box = screen.getByRole('textbox', { name: 'Coupon' });
  await user.clear(box);
  await user.type(box, code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('Cart', () => {
  it("is 'Your Cart' with the cart id, last updated and every item", async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByText(/Cart ID: cart-42/)).toBeInTheDocument();
    expect(screen.getByText(/Last updated: .*2026/)).toBeInTheDocument();
    const item = screen.getByRole('article', { name: 'Mehendi Artist' });
    expect(within(item).getByText('₹5,000.00')).toBeInTheDocument();
    expect(within(item).getByText('Quantity: 2')).toBeInTheDocument();
    expect(within(item).getByText('5 Dec 2026 – 7 Dec 2026')).toBeInTheDocument();
    expect(within(item).getByText('9:00 AM – 5:00 PM')).toBeInTheDocument();
    expect(within(item).getByText(HOME_LINE)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('sums price × quantity, adds the 0.1% platform fee and totals', async () => {
    await renderLoaded();
    expect(total('Subtotal')).toBe('₹20,000.00');
    expect(total('Platform Fee')).toBe('₹20.00');
    expect(within(summary()).queryByText(/Discount/)).not.toBeInTheDocument();
    expect(total('Total')).toBe('₹20,020.00');
  });

  it('charges a platform fee of at least ₹8', async () => {
    load.mockResolvedValue(cart([cartLine('i1', { price: 500_000 })]));
    await renderLoaded();
    expect(total('Platform Fee')).toBe('₹8.00');
    expect(total('Total')).toBe('₹5,008.00');
  });

  it('removes an item with a visible progress state and shows the cart the server returns', async () => {
    const answer = deferred<ReturnType<typeof cart>>();
    remove.mockReturnValue(answer.promise);
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Remove Haldi Photography' }));
    const busy = screen.getByRole('button', { name: 'Removing Haldi Photography' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent('Removing…');
    expect(remove).toHaveBeenCalledWith('i1');
    await act(async () => answer.resolve(cart([TWO[1]!])));
    expect(screen.queryByRole('article', { name: 'Haldi Photography' })).not.toBeInTheDocument();
    expect(total('Subtotal')).toBe('₹10,000.00');
  });

  it('a failed remove keeps the item and says so', async () => {
    const errorToast = jest.spyOn(toast, 'error').mockReturnValue('t');
    remove.mockRejectedValue(new ApiError(500, 'Server down'));
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Remove Haldi Photography' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Could not remove Haldi Photography: Server down'));
    expect(screen.getByRole('button', { name: 'Remove Haldi Photography' })).toBeEnabled();
    errorToast.mockRestore();
  });

  it('applies a coupon matched case-insensitively after trimming: 20% of the subtotal', async () => {
    const user = await renderLoaded();
    await applyCoupon(user, '  save20 ');
    expect(total('Discount (SAVE20)')).toBe('−₹4,000.00');
    expect(total('Total')).toBe('₹16,020.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("refuses a coupon whose minimum cart value is not met, with 'Invalid coupon code or cart value not met'", async () => {
    const user = await renderLoaded();
    await applyCoupon(user, 'FLAT5000');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid coupon code or cart value not met');
    expect(within(summary()).queryByText(/Discount/)).not.toBeInTheDocument();
    expect(total('Total')).toBe('₹20,020.00');
  });

  it('refuses an unknown code, and a later valid code clears the message', async () => {
    const user = await renderLoaded();
    await applyCoupon(user, 'NOPE');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid coupon code or cart value not met');
    await applyCoupon(user, 'Save20');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(total('Discount (SAVE20)')).toBe('−₹4,000.00');
  });

  it('applies a fixed discount once the minimum is met, capped at the subtotal', async () => {
    const big: Offer = { ...OFFERS[1]!, code: 'HUGE', discountValue: 10_000_000, minCartValue: 0 };
    jest.mocked(getOffers).mockResolvedValue([...OFFERS, big]);
    load.mockResolvedValue(cart([cartLine('i1', { price: 3_000_000 })]));
    const user = await renderLoaded();
    await applyCoupon(user, 'flat5000');
    expect(total('Discount (FLAT5000)')).toBe('−₹5,000.00');
    expect(total('Total')).toBe('₹25,030.00');
    await applyCoupon(user, 'huge');
    expect(total('Discount (HUGE)')).toBe('−₹30,000.00');
    expect(total('Total')).toBe('₹30.00');
  });

  it('toggles the available offers with code, description and minimum cart value', async () => {
    const user = await renderLoaded();
    const toggle = screen.getByRole('button', { name: 'View available offers' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Available offers' })).not.toBeInTheDocument();
    await user.click(toggle);
    const list = await screen.findByRole('list', { name: 'Available offers' });
    expect(within(list).getByText('SAVE20')).toBeInTheDocument();
    expect(within(list).getByText('20% off your cart')).toBeInTheDocument();
    expect(within(list).getByText('Min. cart value ₹15,000.00')).toBeInTheDocument();
    expect(within(list).getByText('Min. cart value ₹25,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide available offers' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Available offers' })).not.toBeInTheDocument());
  });

  it('carries the applied coupon to checkout', async () => {
    const user = await renderLoaded();
    await applyCoupon(user, 'save20');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(currentLocation()).toBe('/checkout');
    expect(currentState()).toEqual({ coupon: 'SAVE20' });
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).toBe('SAVE20');
  });

  it("shows 'Your cart is empty' with a 'Browse Services' link", async () => {
    load.mockResolvedValue(cart([]));
    renderRoute('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });

  it('shows a loading state, and a failure with Retry', async () => {
    load.mockRejectedValueOnce(new ApiError(500, 'boom'));
    const user = userEvent.setup();
    renderRoute('/cart');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your cart.");
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});
