import { useSearchParams } from '@utsav/contracts/router';
import { NEXT_PARAM, safeNextPath } from '@utsav/contracts';

/**
 * Where /login and /onboarding send the user once done: their `?next=` when it is a same-origin path
 * of the app (`safeNextPath`), else null (then Home).
 */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get(NEXT_PARAM));
}
