import { ContendedMix, type ContendedPlan } from '../scripts/load/contended-mix';

/** bench:load's contended mix, without a server: what it sends, and what it learns from the answers. */

const plan = (change: Partial<ContendedPlan> = {}): ContendedPlan => ({
  providers: [
    { providerId: 'p1', name: 'Venue One', capacity: 1, token: 'provider-token', menu: { id: 'm1', serviceId: 's1', name: 'Hall', price: 100 } },
  ],
  consumers: [{ uid: 'c1', phone: '+919800000001', token: 'consumer-token', addressId: 'a1' }],
  days: ['2030-01-01', '2030-01-02', '2030-01-03', '2030-01-04', '2030-01-05'],
  windowDays: 2,
  acceptEvery: 3,
  repeatEvery: 2,
  twoDayEvery: 100,
  ...change,
});

const datesOf = (body: string | undefined) => (JSON.parse(body ?? '{}') as { preferredDateRange: { from: string } }).preferredDateRange.from;

test('requests spread over the first open days; an acceptance of a waiting request every third; days fill and the asking moves on', () => {
  const mix = new ContendedMix(plan());
  const first = mix.next();
  expect(first.request).toMatchObject({ method: 'POST', path: '/bookings', headers: { authorization: 'Bearer consumer-token', nocart: 'true' } });
  expect(datesOf(first.request.body)).toBe('2030-01-01');
  mix.onResponse(first.sent, 201, JSON.stringify({ bookingId: 'b1' }));
  expect(datesOf(mix.next().request.body)).toBe('2030-01-02');

  const accept = mix.next();
  expect(accept.request).toMatchObject({ path: '/provider/bookings/b1/accept', headers: { authorization: 'Bearer provider-token' } });
  mix.onResponse(accept.sent, 200, JSON.stringify({ bookingId: 'b1', status: 'accepted' }));
  // day 1 is full (capacity 1): the window is now days 2 and 3
  expect([datesOf(mix.next().request.body), datesOf(mix.next().request.body)].sort()).toEqual(['2030-01-02', '2030-01-03']);

  // the next acceptance due repeats the answered one (a double tap, 409), none waiting otherwise
  const repeat = mix.next();
  expect(repeat.sent.kind).toBe('repeat accept');
  expect(repeat.request.path).toBe('/provider/bookings/b1/accept');
  mix.onResponse(repeat.sent, 409, JSON.stringify({ message: 'This booking has already been accepted.' }));
  expect(mix.outcomes).toEqual({ create: { 201: 1 }, accept: { 200: 1 }, 'repeat accept': { 409: 1 } });
});

test('a refusal naming a full day closes it; waiting requests for a full day are not sent for acceptance', () => {
  const mix = new ContendedMix(plan({ windowDays: 1, repeatEvery: 1000 }));
  const created = (bookingId: string) => {
    const next = mix.next();
    mix.onResponse(next.sent, 201, JSON.stringify({ bookingId }));
    return datesOf(next.request.body);
  };
  expect([created('b1'), created('b2')]).toEqual(['2030-01-01', '2030-01-01']);
  const accept = mix.next();
  mix.onResponse(accept.sent, 200, JSON.stringify({ bookingId: 'b1' }));
  // day 1 is full now; the API refuses day 2 as full too (another's acceptance, unseen here)
  const refused = mix.next();
  expect(datesOf(refused.request.body)).toBe('2030-01-02');
  mix.onResponse(refused.sent, 409, JSON.stringify({ code: 'booking.fullyBooked', date: '2030-01-02', reason: 'full' }));
  expect(created('b3')).toBe('2030-01-03');
  // b2 waits for a full day: skipped, b3 is accepted instead
  expect(mix.next().request.path).toBe('/provider/bookings/b3/accept');
  expect(mix.skippedFull).toBe(1);
  expect(mix.waitingCount).toBe(0);
});
