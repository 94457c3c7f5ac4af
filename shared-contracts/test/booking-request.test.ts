import { bookingCreatePayload, todayInIndia } from '@utsav/contracts/booking-request';
import { BOOKING_NOTE_MAX_LENGTH } from '../src/domain/constants';

test('today is India’s date, whatever the device’s zone', () => {
  // 18:29 UTC is 23:59 in India; 18:30 UTC is midnight there
  expect(todayInIndia(new Date('2026-01-01T18:29:59Z'))).toBe('2026-01-01');
  expect(todayInIndia(new Date('2026-01-01T18:30:00Z'))).toBe('2026-01-02');
  expect(todayInIndia(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
});

const request = {
  consumer: { uid: 'u1', name: 'Asha', email: 'a@example.com' },
  preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
  preferredTime: { start: '10:00', end: '14:00' },
  menu: { menuId: 'm1', menuName: 'Gold', serviceId: 's1' },
  amount: 9_000_000,
  note: '  Garden venue  ',
  addressId: 'a1',
};

test('the create payload: India’s booking date, a trimmed note, INR', () => {
  // 23:30 in India: still 3 Dec there; half an hour later it is the 4th
  const now = new Date('2026-12-03T18:00:00Z');
  expect(bookingCreatePayload(request, now)).toEqual({
    consumerId: 'u1',
    consumerName: 'Asha',
    consumerEmail: 'a@example.com',
    bookingDate: '2026-12-03',
    preferredDateRange: { from: '2026-12-05', to: '2026-12-07' },
    preferredTime: { start: '10:00', end: '14:00' },
    menuId: 'm1',
    menuName: 'Gold',
    serviceId: 's1',
    addressId: 'a1',
    amount: 9_000_000,
    currency: 'INR',
    note: 'Garden venue',
    createdAt: now.toISOString(),
  });
  expect(bookingCreatePayload(request, new Date('2026-12-03T18:30:00Z')).bookingDate).toBe('2026-12-04');
});

test('the note is cut to the booking note’s limit', () => {
  const note = bookingCreatePayload({ ...request, note: 'x'.repeat(BOOKING_NOTE_MAX_LENGTH + 10) }).note;
  expect(note).toHaveLength(BOOKING_NOTE_MAX_LENGTH);
});
