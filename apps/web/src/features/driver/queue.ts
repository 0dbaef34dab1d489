/**
 * Completions recorded on the phone, kept in IndexedDB until the server has them. Each carries the
 * `client_id` the server deduplicates on, so a completion sent twice (a lost answer, two tabs) is
 * recorded once. Sent in the order they were recorded.
 */
import type { RouteOut, StopCompleteInput } from '@dbo/domain/delivery';
import { ApiError, http } from '../../lib/api';

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

/** A failed fetch (no signal), as opposed to the server's answer. */
const isOffline = (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 0;

let sending: Promise<{ sent: number; waiting: number }> | null = null;

/**
 * Sends the queue in order; stops at the first completion the network could not carry (the rest
 * wait behind it). One send at a time, however many events ask for it.
 */
export function sendQueue(): Promise<{ sent: number; waiting: number }> {
  if (sending) return sending;
  sending = (async () => {
    let sent = 0;
    try {
      for (const c of await queuedCompletions()) {
        if (c.error) continue;
        try {
          await http.post(`/delivery/stop/${c.invoice_id}/complete`, c.body);
          await removeCompletion(c.client_id);
          sent++;
        } catch (err) {
          if (isOffline(err)) break;
          await putCompletion({ ...c, error: err instanceof Error ? err.message : 'Refused' });
        }
      }
    } finally {
      sending = null;
    }
    return { sent, waiting: (await queuedCompletions()).length };
  })();
  return sending;
}

const ROUTE_KEY = 'dbo.driver.routes';

/** The day's routes as last loaded, kept on the phone. */
export function keptRoutes(): { date: string; routes: RouteOut[] } | null {
  try {
    const v = localStorage.getItem(ROUTE_KEY);
    return v ? (JSON.parse(v) as { date: string; routes: RouteOut[] }) : null;
  } catch {
    return null;
  }
}

export function keepRoutes(date: string, routes: RouteOut[]) {
  localStorage.setItem(ROUTE_KEY, JSON.stringify({ date, routes }));
}
