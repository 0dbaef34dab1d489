import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useRef } from 'react';

/**
 * The infinite row model keeps its rows outside TanStack Query, so a grid watches its group through
 * a tiny query of its own under the group's key: an invalidation refetches it (a new stamp), and a
 * new stamp reloads the cached blocks in place (the rows stay on screen until the new ones come).
 */
export function useLiveRows<T>(liveKey: QueryKey | undefined, apiRef: React.RefObject<GridApi<T> | undefined>) {
  const stamp = useQuery({
    queryKey: [...(liveKey ?? []), 'grid-rows'],
    queryFn: () => Date.now(),
    enabled: !!liveKey,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (stamp.data === undefined) return;
    const api = apiRef.current;
    if (seen.current !== undefined && seen.current !== stamp.data && api && !api.isDestroyed())
      api.refreshInfiniteCache();
    seen.current = stamp.data;
  }, [stamp.data, apiRef]);
}
