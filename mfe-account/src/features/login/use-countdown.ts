import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  /** whole seconds left; 0 when not running */
  secondsLeft: number;
  /** starts (or starts again) from the full number of seconds */
  restart: () => void;
  /** ends the countdown at once (0 seconds left) */
  stop: () => void;
}

/**
 * A seconds countdown that starts on `restart()`. It counts against a deadline rather than
 * decrementing per tick: browsers throttle timers in background tabs, and a user reading the SMS
 * in another app must come back to the right number.
 */
export function useCountdown(seconds: number): Countdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(() => {
    setDeadline(Date.now() + seconds * 1000);
    setSecondsLeft(seconds);
  }, [seconds]);

  const stop = useCallback(() => {
    setDeadline(null);
    setSecondsLeft(0);
  }, []);

  return { secondsLeft, restart, stop };
}
