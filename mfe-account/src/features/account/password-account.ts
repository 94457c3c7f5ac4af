import { useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import { getFirebaseAuth, loadFirebaseAuth } from '@utsav/contracts';

/** Firebase's id of the email-and-password sign-in among a user's providers (EmailAuthProvider.PROVIDER_ID). */
const PASSWORD_PROVIDER = 'password';
/** Firebase refuses a shorter password (auth/weak-password). */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * Whether the user can sign in with a password (and so has one to change): one of their sign-in
 * providers is Firebase's password provider. A phone-only account (every account the Login page makes) has none.
 */
export function hasPasswordSignIn(user: Pick<User, 'providerData'> | null): boolean {
  return user?.providerData.some((provider) => provider.providerId === PASSWORD_PROVIDER) ?? false;
}

/** Whether the signed-in user has a password, once Firebase has restored the session. */
export async function signedInWithPassword(): Promise<boolean> {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  return hasPasswordSignIn(auth.currentUser);
}

/** Thrown when the signed-in user has no password sign-in (or nobody is signed in). */
export class NoPasswordError extends Error {
  constructor() {
    super('The signed-in account has no password to change');
    this.name = 'NoPasswordError';
  }
}

/** Checks the current password (Firebase asks for a recent sign-in before a change), then sets the new one. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { auth, EmailAuthProvider, reauthenticateWithCredential, updatePassword } = await loadFirebaseAuth();
  const user = auth.currentUser;
  if (!user?.email || !hasPasswordSignIn(user)) throw new NoPasswordError();
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
  await updatePassword(user, newPassword);
}

/** Whether to show Change Password: false until Firebase says the signed-in user has a password (never on the server). */
export function usePasswordSignIn(): boolean {
  const [withPassword, setWithPassword] = useState(false);
  useEffect(() => {
    let live = true;
    signedInWithPassword().then(
      (answer) => live && setWithPassword(answer),
      (failure: unknown) => console.error('Reading the sign-in methods failed', failure),
    );
    return () => {
      live = false;
    };
  }, []);
  return withPassword;
}
