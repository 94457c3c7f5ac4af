// The subpath clients (@utsav/contracts/booking, /catalog, /payment) must use the ONE shared core:
// the same store (the top bar's cart badge), config and ApiError as the main entry.
jest.mock('../src/client/firebase', () => ({
  getFirebaseAuth: () => ({}),
  currentIdToken: async () => 'id-token-1',
}));

import { ApiError, cacheOf, CART_COUNT_KEY, configure, utsavStore } from '@utsav/contracts';
import { addCartItem, createBooking, getCartCount, getUserBookings } from '@utsav/contracts/booking';
import { bookingCreatePayload } from '@utsav/contracts/booking-request';
import { getMenu } from '@utsav/contracts/catalog';

const fetchMock = jest.fn();
beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PRICING = { listAmount: 100_000, discount: 0, amount: 100_000, advance: 10_000, platformFee: 200, gst: 36, payNow: 10_236, remaining: 90_000 };
const line = (n: number) => ({
  cartItemId: `c${n}`,
  serviceId: 's1',
  menuId: 'm1',
  title: 'Gold',
  serviceTitle: 'Lens Studio Photography',
  providerName: 'Lens Studio',
  quantity: 1,
  price: 100_000,
  currency: 'INR',
  preferredDateRange: { from: '2026-12-05', to: '2026-12-05' },
  preferredTime: { start: '09:00', end: '17:00' },
  note: '',
  pricing: PRICING,
  addressId: 'a1',
  address: { label: 'Home', line1: '12 MG Road', line2: '', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
});
const TOTALS = { subtotal: 200_000, discount: 0, total: 200_000, dueAfterAcceptance: 20_472, paidToProviderLater: 180_000 };

it('adding to the cart updates the shared cart count in the page\'s cache, through the configured API', async () => {
  configure({ apiUrl: 'https://api.example.in' });
  fetchMock.mockResolvedValueOnce(
    json(201, { cartId: 'k', consumerId: 'u', createdAt: 'x', updatedAt: 'x', items: [line(1), line(2)], coupon: null, totals: TOTALS }),
  );
  await addCartItem({
    serviceId: 's1',
    menuId: 'm1',
    preferredDateRange: { from: '2026-12-05', to: '2026-12-05' },
    preferredTime: { start: '09:00', end: '17:00' },
    addressId: 'a1',
  });
  expect(cacheOf(utsavStore).state(CART_COUNT_KEY).data).toEqual({ count: 2 });
  expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.in/cart/items');
});

it('the badge\'s count is read without the cart\'s schemas, and an answer that is not a count is refused', async () => {
  configure({ apiUrl: 'https://api.example.in' });
  fetchMock.mockResolvedValueOnce(json(200, { count: 2 })).mockResolvedValueOnce(json(200, { count: -1 })).mockResolvedValueOnce(json(200, { count: '2' }));
  await expect(getCartCount()).resolves.toEqual({ count: 2 });
  await expect(getCartCount()).rejects.toThrow('not a count');
  await expect(getCartCount()).rejects.toThrow('not a count');
  expect(fetchMock.mock.lastCall![0]).toBe('https://api.example.in/cart/count');
});

it('a failed catalog call throws the shared ApiError', async () => {
  fetchMock.mockResolvedValueOnce(json(404, { total: 0, message: 'Menu not found' }));
  const error = await getMenu('nope').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(404);
});

it('a booking from the cart names its cart item (no nocart); a direct one sends nocart: true', async () => {
  configure({ apiUrl: 'https://api.example.in' });
  const sent = () => {
    const init = fetchMock.mock.calls.at(-1)![1] as RequestInit;
    return { headers: init.headers as Record<string, string>, body: JSON.parse(init.body as string) as Record<string, unknown> };
  };
  fetchMock.mockResolvedValue(json(409, { message: 'That item is no longer in your cart' }));
  const payload = bookingCreatePayload({
    consumer: { uid: 'u', name: 'Asha', email: 'a@example.com' },
    preferredDateRange: { from: '2026-12-05', to: '2026-12-05' },
    preferredTime: { start: '09:00', end: '17:00' },
    menu: { menuId: 'm1', menuName: 'Gold', serviceId: 's1' },
    amount: 100,
    note: '',
    addressId: 'a1',
  });
  await expect(createBooking(payload, 'c1')).rejects.toBeInstanceOf(ApiError);
  expect(sent().body).toMatchObject({ menuId: 'm1', cartItemId: 'c1' });
  expect(sent().headers).not.toHaveProperty('nocart');
  await expect(createBooking(payload)).rejects.toBeInstanceOf(ApiError);
  expect(sent().body).not.toHaveProperty('cartItemId');
  expect(sent().headers).toMatchObject({ nocart: 'true' });
});

it('a bookings answer is checked by its schema, loaded with it: one that drifts is refused, a failed call is the ApiError', async () => {
  configure({ apiUrl: 'https://api.example.in' });
  fetchMock.mockResolvedValueOnce(json(200, [{ bookingId: 'b1', status: 'lost' }]));
  const drifted = await getUserBookings('u').catch((e: unknown) => e);
  expect(drifted).toBeInstanceOf(Error);
  expect(drifted).not.toBeInstanceOf(ApiError);
  expect((drifted as Error).name).toBe('ZodError');
  fetchMock.mockResolvedValueOnce(json(200, []));
  await expect(getUserBookings('u')).resolves.toEqual([]);
  fetchMock.mockResolvedValueOnce(json(503, { message: 'Down for a moment' }));
  await expect(getUserBookings('u')).rejects.toBeInstanceOf(ApiError);
});
