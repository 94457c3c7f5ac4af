import type { ConsumerProfile } from '@utsav/contracts/schemas';

/** A complete profile as the API stores it (the My Account suites' signed-in consumer). */
export const storedProfile: ConsumerProfile = {
  uid: 'u1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  age: 29,
  gender: 'female',
  phone: '+919876543210',
  profilePhoto: null,
  service: null,
  skippedService: true,
  createdAt: '2024-03-15T10:00:00.000Z',
};
