import { useEffect, useState } from 'react';

/**
 * A module the screen works without (the shop's live events): loaded once `wanted`, and when its
 * code cannot be fetched (the phone lost its signal before it came) the screen goes on without it
 * and it is asked for again when the signal returns. React's `lazy` would throw the failed import
 * to the nearest error screen and keep the failure for good, so a phone that went offline at the
 * wrong moment lost the whole shop, and with it the orders waiting to be sent.
 */
export function useOptionalModule<M>(wanted: boolean, load: () => Promise<M>): M | null {
  const [mod, setMod] = useState<M | null>(null);
  const loaded = mod !== null;
  useEffect(() => {
    if (!wanted || loaded) return;
    let gone = false;
    const tryLoad = () =>
      load().then(
        (m) => {
          if (!gone) setMod(() => m);
        },
        () => undefined,
      );
    void tryLoad();
    window.addEventListener('online', tryLoad);
    return () => {
      gone = true;
      window.removeEventListener('online', tryLoad);
    };
  }, [wanted, loaded, load]);
  return mod;
}
