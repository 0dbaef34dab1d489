import { useEffect, useState } from 'react';
import { request } from './api';

/** Tells a headless browser (PDF export) the page is complete. */
function markReady(state: 'true' | 'error') {
  document.body.dataset.ready = state;
  (window as unknown as { status: string }).status = state === 'true' ? 'ready' : 'error';
}

/** `key` of the answer of the signed, expiring `path`; `failed` once it could not load. */
function usePrintData<T>(path: string, key: string) {
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

/**
 * The record of a public printable sheet (order, invoice): `key` of the signed `path`'s answer.
 * Once it rendered, the tab is named `title(record)` and the page marked ready for the PDF export;
 * with `waitFor`, only after that image (the logo) has loaded or failed, so the PDF never misses it.
 * A record that could not load marks the page 'error'.
 */
export function usePrintSheet<T>(path: string, key: string, title: (data: T) => string, waitFor?: string) {
  const { data, failed } = usePrintData<T>(path, key);
  const name = data ? title(data) : null;
  useEffect(() => {
    if (failed) return markReady('error');
    if (name === null) return;
    document.title = name;
    const img = waitFor ? document.querySelector<HTMLImageElement>(waitFor) : null;
    if (img && !img.complete) {
      const done = () => markReady('true');
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    } else {
      markReady('true');
    }
    return () => {
      delete document.body.dataset.ready;
    };
  }, [name, failed, waitFor]);
  return { data, failed };
}
