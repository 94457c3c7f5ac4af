import { useCallback, useEffect, useRef } from 'react';
import type { Auth } from 'firebase/auth';
import { RecaptchaVerifier } from '@utsav/contracts';

/**
 * The invisible reCAPTCHA of the page: made on the first code request (not on mount, so React's
 * dev double-mount never renders it twice into one element), reused for resends (Firebase resets
 * it after each request), and cleared after a confirmation or when the page goes away.
 */
export function useRecaptchaVerifier() {
  const containerRef = useRef<HTMLDivElement>(null);
  const verifierRef = useRef<RecaptchaVerifier | null>(null);

  const getVerifier = useCallback((auth: Auth): RecaptchaVerifier => {
    if (!verifierRef.current) {
      if (!containerRef.current) throw new Error('The reCAPTCHA container is not mounted');
      verifierRef.current = new RecaptchaVerifier(auth, containerRef.current, { size: 'invisible' });
    }
    return verifierRef.current;
  }, []);

  // clear() throws on a second call, so forget the instance once cleared.
  const clearVerifier = useCallback(() => {
    const verifier = verifierRef.current;
    verifierRef.current = null;
    verifier?.clear();
  }, []);

  useEffect(() => clearVerifier, [clearVerifier]);

  return { containerRef, getVerifier, clearVerifier };
}
