import { useCallback, useEffect, useState } from 'react';
import { errorMessage, getConsumerProfile } from '@utsav/contracts';
import type { ConsumerProfile } from '@utsav/contracts/schemas';

export type ProfileLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: ConsumerProfile };

/**
 * The signed-in user's stored profile (GET /users/consumer/{uid}), with retry, and a setter for
 * what this page saved since, so both tabs show the latest without reloading.
 */
export function useConsumerProfile(uid: string | null) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; load: ProfileLoad } | null>(null);
  const key = `${uid ?? ''}#${attempt}`;

  useEffect(() => {
    if (!uid) return undefined;
    let current = true;
    getConsumerProfile(uid).then(
      (profile) => {
        if (current) setState({ key, load: { status: 'ready', profile } });
      },
      (error: unknown) => {
        console.error('Loading the profile failed', error);
        if (current) setState({ key, load: { status: 'error', message: errorMessage(error) } });
      },
    );
    return () => {
      current = false;
    };
  }, [uid, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (profile: ConsumerProfile) => ConsumerProfile) =>
      setState((previous) =>
        previous && previous.load.status === 'ready'
          ? { ...previous, load: { status: 'ready', profile: change(previous.load.profile) } }
          : previous,
      ),
    [],
  );

  const load: ProfileLoad = state && state.key === key ? state.load : { status: 'loading' };
  return { load, retry, update };
}
