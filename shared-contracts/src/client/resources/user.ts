// By package name, not relative paths (see ./catalog.ts).
import { getAddresses, getConsumerProfile, getEmailVerification, getNotifications, notificationsKey, resource } from '@utsav/contracts';

/** The users service's resources and the bell's list, `userResources` (../api-resources.ts). */

export const profile = (uid: string) => resource(['profile', uid], (signal) => getConsumerProfile(uid, signal));
export const addresses = (uid: string) => resource(['addresses', uid], (signal) => getAddresses(uid, signal));
/** whether the profile's email (`email`: asked again when it changes) is verified */
export const emailVerification = (uid: string, email: string) =>
  resource(['email-verification', uid, email], (signal) => getEmailVerification(uid, signal));
/** the bell's list; a new notification goes on top (live-updates.ts) */
export const notifications = (uid: string) => resource(notificationsKey(uid), (signal) => getNotifications(uid, signal));
