import { useCallback, useEffect, useRef } from 'react';
import type { Auth, RecaptchaVerifier } from 'firebase/auth';
import { loadFirebaseAuth } from '@utsav/contracts';

interface LiveVerifier {
  verifier: RecaptchaVerifier;
  /** the element it renders into, inside the page's container */
  element: HTMLElement;
}

/**
 * The invisible reCAPTCHA of the page: a fresh one for every code request (send, resend, a send to a
 * changed number), each in its own element inside the container, the one before cleared and removed.
 * Never one reused: Firebase resets the verifier after each request, and the Auth emulator's stand-in
 * reCAPTCHA forgets its widget on that reset, so a second request through it waits for ever (issue 39:
 * "Change number" left the button on "Sending…"). A real reCAPTCHA cannot render twice into one element,
 * hence the new element. Made on request, not on mount, so React's dev double-mount never renders it
 * twice; cleared after a confirmation or when the page goes away.
 */
export function useRecaptchaVerifier() {
  const containerRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<LiveVerifier | null>(null);

  const clearVerifier = useCallback(() => {
    const live = liveRef.current;
    liveRef.current = null;
    if (!live) return;
    try {
      live.verifier.clear();
    } catch (failure) {
      // clear() throws once the verifier is destroyed: it is gone either way
      console.warn('Clearing the reCAPTCHA failed', failure);
    }
    live.element.remove();
  }, []);

  const newVerifier = useCallback(
    async (auth: Auth): Promise<RecaptchaVerifier> => {
      const { RecaptchaVerifier } = await loadFirebaseAuth();
      clearVerifier();
      const container = containerRef.current;
      if (!container) throw new Error('The reCAPTCHA container is not mounted');
      const element = document.createElement('div');
      container.appendChild(element);
      const verifier = new RecaptchaVerifier(auth, element, { size: 'invisible' });
      liveRef.current = { verifier, element };
      return verifier;
    },
    [clearVerifier],
  );

  useEffect(() => clearVerifier, [clearVerifier]);

  return { containerRef, newVerifier, clearVerifier };
}
