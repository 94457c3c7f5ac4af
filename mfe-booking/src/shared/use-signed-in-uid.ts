import { useSession } from '@utsav/contracts';

/** The signed-in user's uid, or null while the session is being restored (the remote's routes are guarded). */
export function useSignedInUid(): string | null {
  const session = useSession();
  return session.status === 'signedIn' ? session.uid : null;
}
