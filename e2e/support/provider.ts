import type { Page } from '@playwright/test';
import { expect } from './test';
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
 * A listing nobody runs yet, one of its services' first package and its local invite code (GET
 * /dev/provider-invite?serviceId=). Haircut salons: no other spec books them, so a claimed one changes no other
 * spec's bookings (a claimed listing's requests wait for its owner instead of the stand-in).
 */
export async function unclaimedListing(query = 'haircut'): Promise<UnclaimedListing> {
  const search = (await (await fetch(`${API_URL}/services?q=${encodeURIComponent(query)}&limit=50`)).json()) as { results: { serviceId: string }[] };
  for (const { serviceId } of search.results) {
    const invite = await fetch(`${API_URL}/dev/provider-invite?serviceId=${serviceId}`);
    if (invite.status !== 200) continue;
    const { code, name } = (await invite.json()) as { code: string; name: string };
    const service = (await (await fetch(`${API_URL}/services/${serviceId}`)).json()) as { menus: { menuId: string }[] };
    return { serviceId, menuId: service.menus[0]!.menuId, code, name };
  }
  throw new Error(`every "${query}" listing already has an owner`);
}

/** The signed-in person on `page` claims `listing` on the Join page, as a provider does: the inbox opens. */
export async function claimOnJoinPage(page: Page, listing: UnclaimedListing): Promise<void> {
  await page.goto('/provider/join');
  await page.getByRole('textbox', { name: 'Invite code' }).fill(listing.code);
  await page.getByRole('button', { name: 'Claim listing' }).click();
  await expect(page).toHaveURL(/\/provider$/);
}
