import { useSession } from '@utsav/contracts';

/** The signed-in consumer's uid, or null while the session is being restored (the planning routes are guarded). */
export function useSignedInUid(): string | null {
  const session = useSession();
  return session.status === 'signedIn' ? session.uid : null;
}
