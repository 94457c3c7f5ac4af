import { DEFAULT_LOCALE, momentInIndia, monthName, parseIsoDate, type Locale } from '@utsav/contracts';
import {
  DEFAULT_NOTIFICATIONS,
  type ConsumerProfile,
  type NotificationSettings,
  type OnboardingProfileInput,
} from '@utsav/contracts/schemas';
import type { OnboardingFormValues } from '../onboarding';

/** 'March 2024' ('मार्च 2024') from the profile's createdAt, on India's calendar, or null when it is missing or not a date. */
export function memberSince(createdAt: string | undefined, locale: Locale = DEFAULT_LOCALE): string | null {
  if (!createdAt) return null;
  const day = parseIsoDate(momentInIndia(createdAt)?.date);
  return day ? `${monthName(day.month, locale)} ${day.year}` : null;
}

/**
 * The stored profile as POST /users/consumer/{uid} takes it: the whole onboarding profile, so a
 * change of one field sends every other one back unchanged.
 */
export function toProfileInput(profile: ConsumerProfile): OnboardingProfileInput {
  return {
    name: profile.name,
    email: profile.email,
    age: profile.age,
    gender: profile.gender,
    phone: profile.phone,
    profilePhoto: profile.profilePhoto,
    service: profile.service,
    skippedService: profile.skippedService,
  };
}

/**
 * The Profile form holds the onboarding form's values (so onboarding's resolver, the contracts'
 * schema, checks it with the same messages); name, email, age and gender are editable on this page.
 */
export function profileFormValues(profile: ConsumerProfile): OnboardingFormValues {
  return {
    name: profile.name,
    email: profile.email,
    age: String(profile.age),
    phone: profile.phone,
    gender: profile.gender,
    service: profile.service ?? '',
    skippedService: profile.skippedService,
  };
}

export function notificationsOf(profile: ConsumerProfile): Required<NotificationSettings> {
  return { ...DEFAULT_NOTIFICATIONS, ...profile.notifications };
}

