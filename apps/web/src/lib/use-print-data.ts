import { useEffect, useState } from 'react';
import { request } from './api';

/** Tells a headless browser (PDF export) the page is complete. */
export function markReady(state: 'true' | 'error') {
  document.body.dataset.ready = state;
  (window as unknown as { status: string }).status = state === 'true' ? 'ready' : 'error';
}

/**
 * The record of a public printable page (order, invoice): `key` of the answer of the signed,
 * expiring `path`; `failed` once it could not load.
 */
export function usePrintData<T>(path: string, key: string) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    request<Record<string, T>>('GET', path, { public: true })
      .then((res) => live && setData(res[key] ?? null))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [path, key]);
  return { data, failed };
}
