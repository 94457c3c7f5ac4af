import { changeLocale, localeAtom } from '../i18n/i18n';
import type { Locale } from '../domain/language';
import { sessionAtom } from './session';
import { utsavStore } from '../i18n/store';
import { saveLanguage } from './users-api';

/**
 * A person's language, remembered on the device (the cookie changeLocale writes) and with their profile
 * (PUT /users/consumer/{uid}/language), so it follows them to a new phone:
 * - chosen while signed in (My Account): both at once;
 * - chosen on the Login page, before signing in: the device at once, the profile once they are in;
 * - otherwise, signing in on a device turns the page to the language their profile keeps.
 */

/** Chosen on this device before signing in (this tab's session): the profile takes it at sign-in. */
const CHOSEN_SIGNED_OUT = 'utsav_lang_chosen';

/** The language switch: turns the page and remembers the choice (a failed save to the profile rejects; the page stays turned). */
export async function chooseLanguage(locale: Locale): Promise<void> {
  await changeLocale(locale);
  const session = utsavStore.get(sessionAtom);
  if (session.status === 'signedIn') await saveLanguage(session.uid, locale);
  else sessionStorage.setItem(CHOSEN_SIGNED_OUT, locale);
}

let following = false;

/** Once per page (the host's boot): each user who signs in gets the language of their profile, or gives it theirs. */
export function followProfileLanguage(): void {
  if (following) return;
  following = true;
  let settledFor: string | null = null;
  const settle = () => {
    const session = utsavStore.get(sessionAtom);
    if (session.status !== 'signedIn') {
      settledFor = null;
      return;
    }
    if (session.profile.status !== 'complete' || settledFor === session.uid) return;
    settledFor = session.uid;
    const kept = session.profile.profile.language ?? null;
    const device = utsavStore.get(localeAtom);
    const chosen = sessionStorage.getItem(CHOSEN_SIGNED_OUT);
    if (chosen) {
      sessionStorage.removeItem(CHOSEN_SIGNED_OUT);
      // the choice made on the Login page is the newest: the profile keeps it (a failure leaves it to the next choice)
      if (kept !== device) void saveLanguage(session.uid, device).catch(() => undefined);
    } else if (kept && kept !== device) {
      void changeLocale(kept).catch(() => undefined);
    }
  };
  utsavStore.sub(sessionAtom, settle);
  settle();
}
