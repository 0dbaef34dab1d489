import { useCallback, useState } from 'react';

const KEY = 'dbo.inventoryQuickEdit';

/** Quick edit mode (no confirmation per cell), remembered in this browser. */
export function useQuickEdit(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(KEY) === '1');
  const set = useCallback((v: boolean) => {
    if (v) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
    setOn(v);
  }, []);
  return [on, set];
}
