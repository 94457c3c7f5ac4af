import { apiRequest } from './api-client';
import type { Address, AddressInput } from '../domain/schemas/address';
import type { Locale } from '../domain/language';
import type { AccountSettings, ConsumerProfile, EmailVerification, OnboardingProfileInput } from '../domain/schemas/user';

export type { EmailVerification } from '../domain/schemas/user';

/** The users service (spec §7), every call as the signed-in user. */
const consumerPath = (uid: string) => `/users/consumer/${encodeURIComponent(uid)}`;

export function getConsumerProfile(uid: string, signal?: AbortSignal): Promise<ConsumerProfile> {
  return apiRequest<ConsumerProfile>(consumerPath(uid), { auth: true, signal });
}

export function saveConsumerProfile(uid: string, profile: OnboardingProfileInput): Promise<ConsumerProfile> {
  return apiRequest<ConsumerProfile>(consumerPath(uid), { method: 'POST', body: profile, auth: true });
}

/** Uploads an image of the user's (multipart field `file`: a profile photo, a message's photo) and returns the address the API serves it from. */
export async function uploadPhoto(uid: string, file: Blob, fileName = 'photo'): Promise<string> {
  const form = new FormData();
  form.append('file', file, fileName);
  const { url } = await apiRequest<{ url: string }>(`/users/consumer/upload/${encodeURIComponent(uid)}`, {
    method: 'POST',
    body: form,
    auth: true,
  });
  return url;
}

/** Whether the profile's email is verified (a link sent to it was opened): emails are sent to it only then. */

export function getEmailVerification(uid: string, signal?: AbortSignal): Promise<EmailVerification> {
  return apiRequest<EmailVerification>(`${consumerPath(uid)}/email-verification`, { auth: true, signal });
}

/** Emails a verification link to the profile's address (one a minute: 429 sooner, 409 when already verified). */
export function requestEmailVerification(uid: string): Promise<EmailVerification> {
  return apiRequest<EmailVerification>(`${consumerPath(uid)}/email-verification`, { method: 'POST', auth: true });
}

/** Saves the Settings tab (notification preferences) and returns the updated profile. */
export function saveAccountSettings(uid: string, settings: AccountSettings): Promise<ConsumerProfile> {
  return apiRequest<ConsumerProfile>(`${consumerPath(uid)}/settings`, { method: 'PUT', body: settings, auth: true });
}

/** Keeps the language the user chose with their profile (language-choice.ts) and returns the updated profile. */
export function saveLanguage(uid: string, language: Locale): Promise<ConsumerProfile> {
  return apiRequest<ConsumerProfile>(`${consumerPath(uid)}/language`, { method: 'PUT', body: { language }, auth: true });
}

/**
 * Deletes the account: the API removes the profile, uploads, cart and the sign-in identity;
 * paid bookings stay for the provider's records, detached from personal data.
 */
export function deleteAccount(uid: string): Promise<void> {
  return apiRequest<void>(consumerPath(uid), { method: 'DELETE', auth: true });
}

/**
 * "Sign out of all devices": the API ends every server session of the user and revokes their sign-ins everywhere
 * (this device's too: the caller signs out here afterwards). Resolves with how many server sessions were ended.
 */
export async function signOutEverywhere(): Promise<number> {
  const { sessionsEnded } = await apiRequest<{ sessionsEnded: number }>('/auth/sessions', { method: 'DELETE', auth: true });
  return sessionsEnded;
}

/** The saved addresses (where services happen), newest first. */
const addressesPath = (uid: string) => `${consumerPath(uid)}/addresses`;
const addressPath = (uid: string, addressId: string) => `${addressesPath(uid)}/${encodeURIComponent(addressId)}`;

export function getAddresses(uid: string, signal?: AbortSignal): Promise<Address[]> {
  return apiRequest<Address[]>(addressesPath(uid), { auth: true, signal });
}

/** Saves a new address (409 once the user has ADDRESS_MAX_PER_CONSUMER). */
export function addAddress(uid: string, address: AddressInput): Promise<Address> {
  return apiRequest<Address>(addressesPath(uid), { method: 'POST', body: address, auth: true });
}

export function updateAddress(uid: string, addressId: string, address: AddressInput): Promise<Address> {
  return apiRequest<Address>(addressPath(uid, addressId), { method: 'PUT', body: address, auth: true });
}

/** Deletes a saved address (bookings keep their copy; 409 while an item in the cart is for it). */
export function deleteAddress(uid: string, addressId: string): Promise<void> {
  return apiRequest<void>(addressPath(uid, addressId), { method: 'DELETE', auth: true });
}
