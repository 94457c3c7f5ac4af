/**
 * POST /bookings as the slot page sends it, for several signed-in users (real Auth emulator tokens) over
 * menus of several categories, with dates and times varied so no two requests ask for the same slot.
 */
import { serviceDetailSchema, serviceSearchResponseSchema } from '@utsav/contracts/schemas';
import { SLOT_END_HOURS, SLOT_START_HOURS } from '@utsav/contracts/slot-rules';
import { signInWithPhone, type TestUser } from '../../test/support/auth-emulator';
import { bookingPayload, inDays, onboardOverHttp, type FixtureMenu } from '../../test/support/bookings';
import type { LoadRequest } from './scenario';

const USERS = 6;
const CATEGORIES = ['Photography', 'Catering', 'Makeup', 'Venues', 'Massage', 'Wedding Planning'] as const;
const SERVICES_PER_CATEGORY = 3;
/** distinct payloads in the rotation */
const PAYLOADS = 360;

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/** Menus of a few services per category, read over the API as the app would. */
async function bookableMenus(apiUrl: string): Promise<FixtureMenu[]> {
  const menus: FixtureMenu[] = [];
  for (const category of CATEGORIES) {
    const params = new URLSearchParams({ category, limit: String(SERVICES_PER_CATEGORY) });
    const page = serviceSearchResponseSchema.parse(await getJson(`${apiUrl}/services?${params}`));
    for (const result of page.results) {
      const service = serviceDetailSchema.parse(await getJson(`${apiUrl}/services/${result.serviceId}`));
      for (const menu of service.menus) menus.push({ id: menu.menuId, serviceId: menu.serviceId, name: menu.name, price: menu.price });
    }
  }
  if (menus.length === 0) throw new Error('The catalog has no menus to book');
  return menus;
}

/** The i-th slot: a day 1–300 days ahead, one to three days long, a start hour and a later end hour. */
function slot(index: number) {
  const from = 1 + (index % 300);
  const start = SLOT_START_HOURS[index % SLOT_START_HOURS.length] as number;
  const ends = SLOT_END_HOURS.filter((hour) => hour > start);
  const end = ends[index % ends.length] as number;
  const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;
  return {
    preferredDateRange: { from: inDays(from), to: inDays(from + (index % 3)) },
    preferredTime: { start: hour(start), end: hour(end) },
  };
}

export async function bookingRequests(apiUrl: string): Promise<LoadRequest[]> {
  const users: TestUser[] = [];
  for (let count = 0; count < USERS; count++) users.push(await signInWithPhone());
  // a booking takes the name and email of the consumer's profile: onboarded first, as in the app
  for (const user of users) await onboardOverHttp(apiUrl, user);
  const menus = await bookableMenus(apiUrl);
  return Array.from({ length: PAYLOADS }, (_, index) => {
    const user = users[index % users.length] as TestUser;
    const menu = menus[index % menus.length] as FixtureMenu;
    return {
      method: 'POST',
      path: '/bookings',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', nocart: 'true' },
      body: JSON.stringify(bookingPayload(user, menu, { ...slot(index), note: `Load test booking ${index}` })),
    };
  });
}
