import { useEffect, useState } from 'react';
import { nowInIndia, type IndiaTime } from '@utsav/contracts/slot-rules';

const TICK_MS = 30_000;

/**
 * India's date and hour now (the slot rules' clock, as the API reads it, whatever the phone's zone),
 * read again every 30 s: a page left open past the hour or past midnight disables what has gone by.
 * The same object while the date and hour stay the same, so nothing renders again in between.
 */
export function useIndiaTime(): IndiaTime {
  const [at, setAt] = useState<IndiaTime>(() => nowInIndia());
  useEffect(() => {
    const timer = setInterval(() => {
      const next = nowInIndia();
      setAt((current) => (current.date === next.date && current.hour === next.hour ? current : next));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return at;
}
