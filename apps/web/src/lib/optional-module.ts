import { useEffect, useState } from 'react';

/** The first wait before a failed module is asked for again; it doubles up to OPTIONAL_RETRY_MAX_MS. */
export const OPTIONAL_RETRY_MS = 2_000;
const OPTIONAL_RETRY_MAX_MS = 60_000;

/**
 * A module the screen works without (the shop's live events): loaded once `wanted`. When its code
 * cannot be fetched (the phone lost its signal before it came) the screen goes on without it, and
 * it is asked for again when the signal returns and, since the 'online' event can come before the
 * network carries a request, again after a wait that doubles while it fails. React's `lazy` would
 * throw the failed import to the nearest error screen and keep the failure for good: a phone that
 * went offline at the wrong moment lost the whole shop, and with it the orders waiting to be sent.
 */
export function useOptionalModule<M>(wanted: boolean, load: () => Promise<M>): M | null {
  const [mod, setMod] = useState<M | null>(null);
  const loaded = mod !== null;
  useEffect(() => {
    if (!wanted || loaded) return;
    let gone = false;
    let wait = OPTIONAL_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryLoad = () => {
      clearTimeout(timer);
      load().then(
        (m) => {
          if (!gone) setMod(() => m);
        },
        () => {
          if (gone) return;
          // offline: the 'online' event asks again
          if (navigator.onLine) timer = setTimeout(tryLoad, wait);
          wait = Math.min(wait * 2, OPTIONAL_RETRY_MAX_MS);
        },
      );
    };
    const online = () => {
      wait = OPTIONAL_RETRY_MS;
      tryLoad();
    };
    tryLoad();
    window.addEventListener('online', online);
    return () => {
      gone = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [wanted, loaded, load]);
  return mod;
}
