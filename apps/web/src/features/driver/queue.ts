/**
 * Completions recorded on the phone, kept in IndexedDB until the server has them. Each carries the
 * `client_id` the server deduplicates on, so a completion sent twice (a lost answer, two tabs) is
 * recorded once. Sent in the order they were recorded.
 */
import type { StopCompleteInput } from '@dbo/domain/delivery';
import { ApiError } from '../../lib/api';
import { type DriverRoute, sendCompletion } from './api';

export interface QueuedCompletion {
  client_id: string;
  invoice_id: number;
  label: string;
  customer: string;
  body: StopCompleteInput;
  queued_at: number;
  /** the server refused it (a 4xx): kept, shown, not sent again until the driver retries */
  error?: string;
}

const DB = 'dbo-driver';
const STORE = 'completions';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { keyPath: 'client_id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const putCompletion = (c: QueuedCompletion) => run('readwrite', (s) => s.put(c));
export const removeCompletion = (clientId: string) => run('readwrite', (s) => s.delete(clientId));

/** Everything still on the phone, oldest first. */
export async function queuedCompletions(): Promise<QueuedCompletion[]> {
  const all = (await run('readonly', (s) => s.getAll())) as QueuedCompletion[];
  return all.sort((a, b) => a.queued_at - b.queued_at);
}

/**
 * What a failed send means for a completion: 'wait' when the network could not carry it (no
 * signal, the server down) or the driver's sign-in ran out (a 401: it goes once they sign in
 * again), so it stays first in line; 'refused' when the server answered no (a 4xx about the
 * completion itself): kept and shown with the reason, tried again only when the driver asks.
 */
export function sendFailure(err: unknown): 'wait' | 'refused' {
  if (!(err instanceof ApiError)) return 'wait';
  if (err.status === 0 || err.status === 401 || err.status === 408 || err.status === 429 || err.status >= 500)
    return 'wait';
  return 'refused';
}

let sending: Promise<{ sent: number; waiting: number; signedOut: boolean }> | null = null;
/** asked again while a send ran: once it ends, one more pass (with `retryRefused` if any asked) */
let askedAgain: { retryRefused: boolean } | null = null;

/** One pass over the queue, oldest first, stopping at the first completion that has to wait. */
async function sendPass(retryRefused: boolean) {
  let sent = 0;
  let signedOut = false;
  for (const c of await queuedCompletions()) {
    if (c.error && !retryRefused) continue;
    try {
      await sendCompletion(c.invoice_id, c.body);
      await removeCompletion(c.client_id);
      sent++;
    } catch (err) {
      if (sendFailure(err) === 'wait') {
        signedOut = err instanceof ApiError && err.status === 401;
        break;
      }
      await putCompletion({ ...c, error: err instanceof Error ? err.message : 'Refused' });
    }
  }
  return { sent, signedOut };
}

/**
 * Sends the queue in order; stops at the first completion that has to wait (the rest wait behind
 * it). One send at a time, however many events ask for it; an ask during a send (the signal came
 * back while a send without it was failing) runs one more pass after it, so the queue never waits
 * for the next timer. `retryRefused`: the driver's "Send now" also tries again the ones the server
 * refused before.
 */
export function sendQueue(opts: { retryRefused?: boolean } = {}) {
  if (sending) {
    askedAgain = { retryRefused: Boolean(askedAgain?.retryRefused || opts.retryRefused) };
    return sending;
  }
  sending = (async () => {
    let sent = 0;
    let signedOut = false;
    try {
      let retryRefused = Boolean(opts.retryRefused);
      for (;;) {
        const pass = await sendPass(retryRefused);
        sent += pass.sent;
        signedOut = pass.signedOut;
        if (!askedAgain) break;
        retryRefused = askedAgain.retryRefused;
        askedAgain = null;
      }
    } finally {
      sending = null;
      askedAgain = null;
    }
    return { sent, waiting: (await queuedCompletions()).length, signedOut };
  })();
  return sending;
}

/** The worker's cache, where the screen also keeps its own files (public/driver/sw.js names the same). */
export const DRIVER_CACHE = 'dbo-driver-v1';

const ROUTE_KEY = 'dbo.driver.routes';

/** The day's routes as last loaded, kept on the phone. */
export function keptRoutes(): { date: string; routes: DriverRoute[] } | null {
  try {
    const v = localStorage.getItem(ROUTE_KEY);
    return v ? (JSON.parse(v) as { date: string; routes: DriverRoute[] }) : null;
  } catch {
    return null;
  }
}

export function keepRoutes(date: string, routes: DriverRoute[]) {
  localStorage.setItem(ROUTE_KEY, JSON.stringify({ date, routes }));
}
