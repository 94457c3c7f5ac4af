import type { Page } from '@playwright/test';
import { newPhoneDigits, signInByRest } from './auth';
import { API_URL } from './system';

export interface ProviderAccount {
  providerId: string;
  idToken: string;
}

/**
 * A new phone user takes the side of the provider of `serviceId` (the dev-only POST /dev/provider-account of a
 * system whose provider stand-in runs): its requests then wait for this account's answer instead of the
 * stand-in's. Returns what the /provider routes need.
 */
export async function takeProviderSide(serviceId: string): Promise<ProviderAccount> {
  const { idToken } = await signInByRest(`+91${newPhoneDigits()}`);
  const response = await fetch(`${API_URL}/dev/provider-account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ serviceId }),
  });
  if (response.status !== 200) throw new Error(`POST /dev/provider-account answered ${response.status}: ${await response.text()}`);
  const { providerId } = (await response.json()) as { providerId: string };
  return { providerId, idToken };
}

export interface UnclaimedListing {
  serviceId: string;
  menuId: string;
  code: string;
  name: string;
}

/**
 * A listing nobody runs yet, picked at random (tests beside each other claim listings too), one of its
 * services' first package and its local invite code (GET /dev/provider-invite?serviceId=). Haircut salons: no
 * other spec books them, so a claimed one changes no other spec's bookings (a claimed listing's requests wait
 * for its owner instead of the stand-in).
 */
export async function unclaimedListing(query = 'haircut'): Promise<UnclaimedListing> {
  const search = (await (await fetch(`${API_URL}/services?q=${encodeURIComponent(query)}&limit=50`)).json()) as { results: { serviceId: string }[] };
  const services = search.results.map(({ serviceId }) => serviceId).sort(() => Math.random() - 0.5);
  for (const serviceId of services) {
    const invite = await fetch(`${API_URL}/dev/provider-invite?serviceId=${serviceId}`);
    if (invite.status !== 200) continue;
    const { code, name } = (await invite.json()) as { code: string; name: string };
    const service = (await (await fetch(`${API_URL}/services/${serviceId}`)).json()) as { menus: { menuId: string }[] };
    return { serviceId, menuId: service.menus[0]!.menuId, code, name };
  }
  throw new Error(`every "${query}" listing already has an owner`);
}

/**
 * The signed-in person on `page` claims a listing nobody runs on the Join page, as a provider does, and the inbox
 * opens; another test claiming the same one first is told so, and this one takes another. Returns the listing.
 */
export async function claimOnJoinPage(page: Page, query?: string): Promise<UnclaimedListing> {
  await page.goto('/provider/join');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const listing = await unclaimedListing(query);
    await page.getByRole('textbox', { name: 'Invite code' }).fill(listing.code);
    await page.getByRole('button', { name: 'Claim listing' }).click();
    const outcome = await Promise.race([
      page.waitForURL(/\/provider$/).then(() => 'claimed' as const),
      page.getByText('This listing already has an owner', { exact: false }).waitFor().then(() => 'taken' as const),
    ]);
    if (outcome === 'claimed') return listing;
  }
  throw new Error('five listings in a row were claimed by someone else first');
}
