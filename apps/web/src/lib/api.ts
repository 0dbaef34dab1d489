export const API_BASE = '/api/v1';
export const TOKEN_KEY = 'dbo.token';

/** The error body every route answers; some carry more (a 409 duplicate names the invoice). */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
  details?: string[];
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public details: string[] = [],
    public body: ApiErrorBody | undefined = undefined,
  ) {
    super(message);
  }
}

let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/** Screens that hold data outside TanStack Query (AG Grid datasources) reload after a re-login. */
const reauthListeners = new Set<() => void>();
export function onReauthenticated(fn: () => void): () => void {
  reauthListeners.add(fn);
  return () => reauthListeners.delete(fn);
}
export function notifyReauthenticated() {
  for (const fn of reauthListeners) fn();
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (t: string | null) =>
  t ? localStorage.setItem(TOKEN_KEY, t) : localStorage.removeItem(TOKEN_KEY);

type Query = Record<string, string | number | boolean | null | undefined | object>;

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    p.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** answer the raw Response (files) */
  raw?: boolean;
  /** no token is sent (sign-in, sign-up, reset) */
  public?: boolean;
  /** a 401 here is an answer, not an expired session (token check, sign-out) */
  quiet401?: boolean;
  /** send this bearer instead of the staff token (the customer app's own session); implies quiet401 */
  token?: string | null;
}

export async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = opts.token !== undefined ? opts.token : getToken();
  if (token && !opts.public) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}${toQueryString(opts.query)}`, {
    method,
    headers,
    body,
    signal: opts.signal,
  });
  if (res.status === 401 && !opts.public && !opts.quiet401 && opts.token === undefined) onUnauthorized();
  if (!res.ok) {
    let data: ApiErrorBody | undefined;
    try {
      data = await res.json();
    } catch {
      data = undefined;
    }
    const details: string[] = Array.isArray(data?.details) ? data.details : [];
    throw new ApiError(res.status, details[0] ?? data?.message ?? res.statusText, details, data);
  }
  if (opts.raw) return res as unknown as T;
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? res.json() : res.text()) as Promise<T>;
}

export const http = {
  get: <T = unknown>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T = unknown>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  del: <T = unknown>(path: string, body?: unknown, query?: Query) => request<T>('DELETE', path, { body, query }),
};

/** Server errors are read from a details list, else a message, else the error's own message. */
export function errorMessages(err: unknown, fallback = 'Something went wrong'): string[] {
  // an answer with no message of its own (an empty 500) gets the screen's fallback, not the status text;
  // so does a 500, whose message is the server's generic 'Something went wrong' (a 503 says what to do)
  if (err instanceof ApiError) {
    if (err.details.length) return err.details;
    return [(err.status !== 500 && err.body?.message) || fallback];
  }
  if (err instanceof Error && err.message) return [err.message];
  return [fallback];
}
export const errorMessage = (err: unknown, fallback?: string) => errorMessages(err, fallback).join(' ');

/** Saves a Blob answer as a file download. */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves CSV text as a UTF-8 file. */
export const downloadCsvText = (csv: string, filename: string) =>
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);

/** Saves a file answer under the name its content-disposition gives, else `fallbackName`. */
export async function downloadResponse(res: Response, fallbackName: string) {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  downloadBlob(await res.blob(), name);
}

/**
 * Opens `link()` in a new tab. The tab opens at the click, blank, and is sent to the link when it
 * comes: a browser lets a page open a tab only for a few seconds after a click, and a slow link
 * would otherwise be blocked. When even the blank tab was refused (an installed app on a phone),
 * `blocked` says where the link goes: another try at a tab, or this one. A failed link closes the
 * blank tab and throws.
 */
export async function openInNewTab(link: () => Promise<string>, blocked: 'new-tab' | 'this-tab' = 'new-tab') {
  const target = window.open('', '_blank');
  try {
    const url = await link();
    if (target) {
      // the printable page does not reach back into this one; a blob URL (the shop's fetched PDFs)
      // keeps the tie to the page that made it, as the shop always opened it
      if (!url.startsWith('blob:')) target.opener = null;
      target.location.href = url;
    } else if (blocked === 'this-tab') window.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (err) {
    target?.close();
    throw err;
  }
}

/** Opens a printable page in a new tab once its signed link is made; `onError` when that fails. */
export async function openPrintable(link: () => Promise<string>, onError: () => void) {
  try {
    await openInNewTab(link);
  } catch {
    onError();
  }
}

/** The server's message for a refused request (400), else `fallback` (the server broke, the network failed). */
export const refusalMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status === 400 ? errorMessage(err) : fallback;
