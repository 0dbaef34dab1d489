import { useCallback, useState } from 'react';

/** A form's submit: `busy` while `work` runs; a failure goes to `onError`. */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>, onError: (err: unknown) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run] as const;
}
