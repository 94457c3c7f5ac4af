import { useState } from 'react';
import { errorMessage, toast } from '@utsav/contracts';
import type { Booking } from '@utsav/contracts/schemas';

/**
 * What a booking's dialog does with its one action (withdraw, cancel, review): one call at a time, busy
 * meanwhile (the dialog cannot be closed then); done, a toast and the booking as the server now has it;
 * refused, the server's words in the dialog and a toast, and nothing changes.
 */
export function useDialogAction(onClose: () => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };

  async function run(action: () => Promise<Booking>, successToast: string, onDone: (updated: Booking) => void) {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const updated = await action();
      setPending(false);
      toast.success(successToast);
      onClose();
      onDone(updated);
    } catch (caught) {
      const message = errorMessage(caught);
      setPending(false);
      setError(message);
      toast.error(message);
    }
  }

  return { pending, error, close, run };
}
