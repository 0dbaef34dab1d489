import { type EndpointSpec, fillPath } from '@dbo/domain/endpoint';
import { useEffect, useState } from 'react';
import { type Answer, type EndpointArgs, call } from './endpoints';

/** Tells a headless browser (PDF export) the page is complete. */
function markReady(state: 'true' | 'error') {
  document.body.dataset.ready = state;
  (window as unknown as { status: string }).status = state === 'true' ? 'ready' : 'error';
}

/** `key` of the answer of the signed, expiring endpoint; `failed` once it could not load. */
function usePrintData<E extends EndpointSpec, K extends keyof Answer<E>>(ep: E, args: EndpointArgs<E>, key: K) {
  // the args object is new on each render: the filled path is what changes the request
  const path = fillPath(ep.path, (args as { params?: Record<string, string | number> }).params);
  const [data, setData] = useState<Answer<E>[K] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    call(ep, args, { public: true })
      .then((res) => live && setData(res[key] ?? null))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [ep, path, key]);
  return { data, failed };
}

/**
 * The record of a public printable sheet (order, invoice): `key` of the answer of the signed
 * endpoint (`/pdf/<kind>/:token`) with `args` (its token). Once it rendered, the tab is named `title(record)`
 * and the page marked ready for the PDF export; with `waitFor`, only after that image (the logo)
 * has loaded or failed, so the PDF never misses it. A record that could not load marks the page 'error'.
 */
export function usePrintSheet<E extends EndpointSpec, K extends keyof Answer<E>>(
  ep: E,
  args: EndpointArgs<E>,
  key: K,
  title: (data: Answer<E>[K]) => string,
  waitFor?: string,
) {
  const { data, failed } = usePrintData(ep, args, key);
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
