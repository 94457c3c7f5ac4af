import { apiRequest } from './api-client';
import type { AccountSettings, ConsumerProfile, OnboardingProfileInput } from './schemas/user';

/** The users service (spec §7), every call as the signed-in user. */
const consumerPath = (uid: string) => `/users/consumer/${encodeURIComponent(uid)}`;

export function getConsumerProfile(uid: string): Promise<ConsumerProfile> {
  return apiRequest<ConsumerProfile>(consumerPath(uid), { auth: true });
}

export function saveConsumerProfile(uid: string, profile: OnboardingProfileInput): Promise<ConsumerProfile> {
  return apiRequest<ConsumerProfile>(consumerPath(uid), { method: 'POST', body: profile, auth: true });
}

/** Uploads an image (multipart field `file`) and returns the address the API serves it from. */
export async function uploadProfilePhoto(uid: string, file: Blob, fileName = 'photo'): Promise<string> {
  const form = new FormData();
  form.append('file', file, fileName);
  const { url } = await apiRequest<{ url: string }>(`/users/consumer/upload/${encodeURIComponent(uid)}`, {
    method: 'POST',
    body: form,
    auth: true,
  });
  return url;
}

/** Saves the Settings tab (notification preferences) and returns the updated profile. */
export function saveAccountSettings(uid: string, settings: AccountSettings): Promise<ConsumerProfile> {
  return apiRequest<ConsumerProfile>(`${consumerPath(uid)}/settings`, { method: 'PUT', body: settings, auth: true });
}

/**
 * Deletes the account: the API removes the profile, uploads, cart and the sign-in identity;
 * paid bookings stay for the provider's records, detached from personal data.
 */
export function deleteAccount(uid: string): Promise<void> {
  return apiRequest<void>(consumerPath(uid), { method: 'DELETE', auth: true });
}
