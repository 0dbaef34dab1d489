/**
 * The fintech clearing house's HTTP API as we use it: push one invoice (with an idempotency key,
 * so a retry never files it twice) and list what it holds. Base URL from FINTECH_URL (or the
 * local simulator), the company's API key as a bearer token.
 */
import {
  type AttemptReport,
  callPartner,
  DEFAULT_RETRY,
  PartnerError,
  type PartnerEndpoint,
  type RetryPolicy,
} from '../partner-http.js';
import type { FintechInvoicePush, FintechStored } from './simulator.js';

export type { FintechInvoicePush, FintechLine } from './simulator.js';

export interface FintechPushResult {
  id: string;
  status: string;
  /** true when the clearing house already had this push (a retry after a lost answer) */
  duplicate: boolean;
}

export interface FintechClientOptions {
  baseUrl: string;
  apiKey: string;
  policy?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
}

export function createFintechClient(opts: FintechClientOptions) {
  const ep: PartnerEndpoint = {
    name: 'Fintech',
    baseUrl: opts.baseUrl,
    headers: { authorization: `Bearer ${opts.apiKey}` },
    policy: { ...DEFAULT_RETRY, ...opts.policy },
    sleep: opts.sleep,
  };
  return {
    /**
     * Files one invoice. A 409 for our own idempotency key means an earlier attempt (whose answer
     * was lost) went through: that is the success we wanted, not a failure.
     */
    async pushInvoice(
      push: FintechInvoicePush,
      idempotencyKey: string,
      report?: (a: AttemptReport) => void | Promise<void>,
    ): Promise<FintechPushResult> {
      try {
        const { body } = await callPartner<{ id?: unknown; status?: unknown }>(
          ep,
          { method: 'POST', path: '/v1/invoices', body: push, headers: { 'idempotency-key': idempotencyKey } },
          report,
        );
        if (!body || typeof body.id !== 'string')
          throw new PartnerError('bad_answer', 'Fintech answered without an invoice id');
        return { id: body.id, status: String(body.status ?? 'accepted'), duplicate: false };
      } catch (err) {
        if (err instanceof PartnerError && err.kind === 'duplicate') {
          const b = err.body as { id?: unknown } | undefined;
          return { id: typeof b?.id === 'string' ? b.id : '', status: 'accepted', duplicate: true };
        }
        throw err;
      }
    },

    /** One page of the invoices the clearing house holds for this key. */
    async listInvoices(page = 1, perPage = 50) {
      const { body } = await callPartner<{ data: FintechStored[]; page: number; per_page: number; total: number }>(ep, {
        method: 'GET',
        path: `/v1/invoices?page=${page}&per_page=${perPage}`,
      });
      return body;
    },
  };
}
export type FintechClient = ReturnType<typeof createFintechClient>;
