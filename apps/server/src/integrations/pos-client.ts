/**
 * The HTTP client of a point-of-sale partner (contract in pos-simulator.ts; Bottle POS and Clover
 * speak it). Every call has a timeout (10 s by default), and its outcome is reported to `onCall`
 * so the caller writes it to the sync log. Errors say whether retrying can help.
 */
import type { PosProduct } from './pos-simulator.js';

export type { PosProduct };

export class PartnerError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 for a network failure or a timeout */
    public status: number,
    /** 429, 5xx, timeouts and network failures: retrying may succeed */
    public retryable: boolean,
    public retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface CallRecord {
  method: string;
  path: string;
  status: number;
  ok: boolean;
  ms: number;
  message: string;
}

export interface PosClientOptions {
  partner: string;
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  onCall?: (c: CallRecord) => Promise<void> | void;
}

export interface PushedInvoice {
  number: string;
  date: string;
  customer: string;
  total: string;
  items: { sku: string; name: string; qty: number; price: string }[];
}

export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const secs = Number(header);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function createPosClient(o: PosClientOptions) {
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    /** statuses that are an answer, not an error (409: the idempotency key was already used) */
    accept: number[] = [],
  ) {
    const started = Date.now();
    const record = async (status: number, ok: boolean, message: string) => {
      await o.onCall?.({ method, path, status, ok, ms: Date.now() - started, message });
    };
    let res: Response;
    try {
      res = await fetch(new URL(path, o.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${o.apiKey}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      const message = timedOut
        ? `${o.partner} did not answer within ${o.timeoutMs / 1000} s`
        : `${o.partner} unreachable: ${(err as Error).message}`;
      await record(0, false, message);
      throw new PartnerError(message, 0, true);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { message: text.slice(0, 200) };
    }
    if (!res.ok && !accept.includes(res.status)) {
      const partnerMsg = typeof json.message === 'string' ? json.message : res.statusText;
      const message = `${o.partner} answered ${res.status}: ${partnerMsg}`;
      await record(res.status, false, message);
      const retryable = res.status === 429 || res.status >= 500;
      throw new PartnerError(message, res.status, retryable, retryAfterMs(res.headers.get('retry-after')));
    }
    return { status: res.status, json: json as T, record };
  }

  return {
    /** One page of the partner's catalogue. */
    async listProducts(page: number, perPage = 100) {
      const r = await call<{ data: PosProduct[]; page: number; total_pages: number; total: number }>(
        'GET',
        `/v1/products?page=${page}&per_page=${perPage}`,
      );
      await r.record(r.status, true, `Fetched ${r.json.data.length} products (page ${page} of ${r.json.total_pages})`);
      return r.json;
    },
    /**
     * Pushes an invoice under an idempotency key. A 409 for the same key means the partner already
     * has it (an earlier attempt got through before we lost the answer): that is a success.
     */
    async pushInvoice(key: string, invoice: PushedInvoice): Promise<{ id: string; duplicate: boolean }> {
      const r = await call<{ id: string }>('POST', '/v1/invoices', invoice, { 'idempotency-key': key }, [409]);
      const duplicate = r.status === 409;
      await r.record(
        r.status,
        true,
        duplicate
          ? `Invoice ${invoice.number} already synced (${o.partner} refused the repeated key)`
          : `Invoice ${invoice.number} synced (${o.partner} id ${r.json.id})`,
      );
      return { id: String(r.json.id ?? ''), duplicate };
    },
    /** Pushes stock changes; answers the SKUs the partner did not update. */
    async pushStock(key: string, items: { sku: string; delta: number }[]) {
      try {
        const r = await call<{ updated: string[]; not_updated: { sku: string; reason: string }[] }>(
          'POST',
          '/v1/stock',
          { items },
          { 'idempotency-key': key },
        );
        await r.record(
          r.status,
          true,
          `Stock pushed: ${r.json.updated.length} updated, ${r.json.not_updated.length} not`,
        );
        return { ...r.json, duplicate: false };
      } catch (err) {
        if (err instanceof PartnerError && err.status === 409) return { updated: [], not_updated: [], duplicate: true };
        throw err;
      }
    },
  };
}

export type PosClient = ReturnType<typeof createPosClient>;
