import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@utsav/contracts';
import { getCart, removeCartItem } from '@utsav/contracts/booking';
import { getOffers } from '@utsav/contracts/payment';
import { INVALID_COUPON } from '@utsav/contracts/schemas';
import { COUPON_STORAGE_KEY } from '../src/features/cart/coupon';
import { cart, cartLine, deferred, OFFERS, HOME_LINE, pricing } from './support/fixtures';
import { currentLocation, currentState, renderRoute } from './support/render';
import { inTimeZone } from './support/time-zone';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/payment');

const load = jest.mocked(getCart);
const remove = jest.mocked(removeCartItem);

/** ₹10,000 + ₹10,000 = ₹20,000 */
const TWO = [
  cartLine('i1', { title: 'Haldi Photography', price: 1_000_000 }),
  cartLine('i2', { title: 'Mehendi Artist', price: 1_000_000, serviceTitle: 'Henna by Meera', providerName: 'Meera Mehendi Arts' }),
];
/** The same cart as the server prices it with SAVE20 (20% off each line). */
const TWO_SAVE20 = cart(
  TWO.map((item) => ({ ...item, pricing: pricing(item.price, 200_000) })),
  { code: 'SAVE20', applied: true, description: '20% off your cart' },
);

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  load.mockResolvedValue(cart(TWO));
  jest.mocked(getOffers).mockResolvedValue(OFFERS);
});

async function renderLoaded() {
  const user = userEvent.setup();
  renderRoute('/cart');
  // the first render of the file is cold (MUI, emotion): more than the default second on a busy machine
  await screen.findAllByRole('article', {}, { timeout: 5_000 });
  return user;
}

const summary = () => screen.getByRole('region', { name: 'Order Summary' });
function total(label: string | RegExp) {
  return within(summary()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}
async function applyCoupon(user: ReturnType<typeof userEvent.setup>, code: string) {
  const box = screen.getByRole('textbox', { name: 'Coupon' });
  await user.clear(box);
  await user.type(box, code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('Cart', () => {
  it("is 'Your Cart' with the cart id, last updated and every item with its price", async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByText(/Cart ID: cart-42/)).toBeInTheDocument();
    expect(screen.getByText(/Last updated: \d{1,2} \w{3} 2026, \d{1,2}:\d{2} [AP]M/)).toBeInTheDocument();
    const item = screen.getByRole('article', { name: 'Mehendi Artist' });
    expect(within(item).getByText('₹10,000.00')).toBeInTheDocument();
    expect(within(item).getByText('5 Dec 2026 – 7 Dec 2026')).toBeInTheDocument();
    expect(within(item).getByText('9:00 AM – 5:00 PM')).toBeInTheDocument();
    // a line is one booking: no quantity to show or change
    expect(within(item).queryByText(/Quantity/)).not.toBeInTheDocument();
    expect(within(item).getByText(HOME_LINE)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(load).toHaveBeenCalledWith(expect.any(AbortSignal), null);
  });

  it('says who each line books: the service and the provider as well as the package, the provider named once', async () => {
    await renderLoaded();
    expect(within(screen.getByRole('article', { name: 'Mehendi Artist' })).getByText('Henna by Meera by Meera Mehendi Arts')).toBeInTheDocument();
    // a title that already names its provider is not followed by it again ('… by Lens Studio' twice, issue 39)
    const haldi = within(screen.getByRole('article', { name: 'Haldi Photography' }));
    expect(haldi.getByText('Lens Studio Photography')).toBeInTheDocument();
    expect(haldi.queryByText(/by Lens Studio/)).not.toBeInTheDocument();
  });

  it("says when the cart was updated in India's time, on a device set to UTC", async () => {
    await inTimeZone('UTC', async () => {
      expect(new Date('2026-11-25T12:47:00.000Z').getHours()).toBe(12);
      load.mockResolvedValue({ ...cart(TWO), updatedAt: '2026-11-25T12:47:00.000Z' });
      await renderLoaded();
      // 12:47 on a phone set to UTC is 6:17 PM in India: the time the booking's history shows
      expect(screen.getByText('Cart ID: cart-42 · Last updated: 25 Nov 2026, 6:17 PM')).toBeInTheDocument();
    });
  });

  it("shows the server's figures, as they are: no fee or tax of its own", async () => {
    // figures no formula of the page could produce: it must show what it is given
    const served = cart(TWO, null, { subtotal: 2_000_001, discount: 0, total: 1_999_999, dueAfterAcceptance: 204_723, paidToProviderLater: 1_799_997 });
    load.mockResolvedValue(served);
    await renderLoaded();
    expect(total('Subtotal')).toBe('₹20,000.01');
    expect(total('Total booking value')).toBe('₹19,999.99');
    expect(total(/^Due after acceptance/)).toBe('₹2,047.23');
    expect(total('Paid to the provider later')).toBe('₹17,999.97');
    expect(within(summary()).queryByText(/Discount|Platform Fee|Tax/)).not.toBeInTheDocument();
  });

  it('removes an item with a visible progress state and shows the cart the server returns', async () => {
    const answer = deferred<ReturnType<typeof cart>>();
    remove.mockReturnValue(answer.promise);
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Remove Haldi Photography' }));
    const busy = screen.getByRole('button', { name: 'Removing Haldi Photography' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent('Removing…');
    expect(remove).toHaveBeenCalledWith('i1', null);
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

  it('a coupon is priced by the server (code trimmed): its discount per line and in the totals', async () => {
    const user = await renderLoaded();
    load.mockResolvedValue(TWO_SAVE20);
    await applyCoupon(user, '  save20 ');
    expect(load).toHaveBeenLastCalledWith(undefined, 'save20');
    expect(await screen.findByRole('status')).toHaveTextContent('Coupon SAVE20 applied: 20% off your cart');
    expect(total('Discount (SAVE20)')).toBe('−₹4,000.00');
    expect(total('Total booking value')).toBe('₹16,000.00');
    // each ₹8,000 booking: advance ₹800 + fee ₹16 + GST ₹2.88
    expect(total(/^Due after acceptance/)).toBe('₹1,637.76');
    expect(within(screen.getByRole('article', { name: 'Haldi Photography' })).getByText('Discount (SAVE20) −₹2,000.00 · booked at ₹8,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal: 'Invalid coupon code or cart value not met', and no discount", async () => {
    const user = await renderLoaded();
    load.mockResolvedValue(cart(TWO, { code: 'FLAT5000', applied: false, message: INVALID_COUPON }));
    await applyCoupon(user, 'FLAT5000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid coupon code or cart value not met');
    expect(within(summary()).queryByText(/Discount/)).not.toBeInTheDocument();
    expect(total('Total booking value')).toBe('₹20,000.00');
  });

  it('an empty code is refused without asking the server; a later valid code clears the message', async () => {
    const user = await renderLoaded();
    load.mockClear();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_COUPON);
    expect(load).not.toHaveBeenCalled();
    load.mockResolvedValue(TWO_SAVE20);
    await applyCoupon(user, 'Save20');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(total('Discount (SAVE20)')).toBe('−₹4,000.00');
  });

  it('removing an item prices the rest with the coupon asked for: the server may say it stops applying', async () => {
    const user = await renderLoaded();
    load.mockResolvedValue(TWO_SAVE20);
    await applyCoupon(user, 'SAVE20');
    await screen.findByRole('status');
    remove.mockResolvedValue(cart([TWO[1]!], { code: 'SAVE20', applied: false, message: INVALID_COUPON }));
    await user.click(screen.getByRole('button', { name: 'Remove Haldi Photography' }));
    expect(remove).toHaveBeenCalledWith('i1', 'SAVE20');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_COUPON);
    expect(total('Total booking value')).toBe('₹10,000.00');
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

  it("applies an offer with one tap: the server prices the cart with its code, and the offer says it is applied", async () => {
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'View available offers' }));
    const list = await screen.findByRole('list', { name: 'Available offers' });
    load.mockResolvedValue(TWO_SAVE20);
    await user.click(within(list).getByRole('button', { name: 'Apply SAVE20' }));
    expect(load).toHaveBeenLastCalledWith(undefined, 'SAVE20');
    expect(await screen.findByRole('status')).toHaveTextContent('Coupon SAVE20 applied: 20% off your cart');
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveValue('SAVE20');
    expect(total('Discount (SAVE20)')).toBe('−₹4,000.00');
    expect(within(list).getByRole('button', { name: 'SAVE20 applied' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Apply FLAT5000' })).toBeEnabled();
  });

  it('carries the coupon the server applied to checkout', async () => {
    const user = await renderLoaded();
    load.mockResolvedValue(TWO_SAVE20);
    await applyCoupon(user, 'save20');
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(currentLocation()).toBe('/checkout');
    expect(currentState()).toEqual({ coupon: 'SAVE20' });
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).toBe('SAVE20');
  });

  it('opens with the remembered coupon', async () => {
    sessionStorage.setItem(COUPON_STORAGE_KEY, 'SAVE20');
    load.mockResolvedValue(TWO_SAVE20);
    await renderLoaded();
    expect(load).toHaveBeenCalledWith(expect.any(AbortSignal), 'SAVE20');
    expect(total('Discount (SAVE20)')).toBe('−₹4,000.00');
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveValue('SAVE20');
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
