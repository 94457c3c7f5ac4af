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
