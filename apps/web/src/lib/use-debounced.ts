import { useEffect, useState } from 'react';

/** The value as it was `ms` after it last changed (search boxes query on this, not on every key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
