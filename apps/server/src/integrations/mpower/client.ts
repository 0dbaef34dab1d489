/**
 * MPower's HTTP API as we use it: send one invoice (idempotency key, so a retry never files it
 * twice) and list what it holds. Base URL from MPOWER_URL (or the local simulator); the company's
 * API key in X-Api-Key.
 */
import {
  type AttemptReport,
  callPartner,
  DEFAULT_RETRY,
  PartnerError,
  type PartnerEndpoint,
  type RetryPolicy,
} from '../partner-http.js';
import type { MpowerInvoicePush, MpowerStored } from './simulator.js';

export type { MpowerInvoicePush } from './simulator.js';

export interface MpowerClientOptions {
  baseUrl: string;
  apiKey: string;
  policy?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
}

export function createMpowerClient(opts: MpowerClientOptions) {
  const ep: PartnerEndpoint = {
    name: 'MPower',
    baseUrl: opts.baseUrl,
    headers: { 'x-api-key': opts.apiKey },
    policy: { ...DEFAULT_RETRY, ...opts.policy },
    sleep: opts.sleep,
  };
  return {
    /** Sends the invoice; answers MPower's answer (on a 409 for our own key: the copy it already holds). */
    async sendInvoice(
      push: MpowerInvoicePush,
      idempotencyKey: string,
      report?: (a: AttemptReport) => void | Promise<void>,
    ): Promise<Record<string, unknown>> {
      try {
        const { body } = await callPartner<Record<string, unknown>>(
          ep,
          { method: 'POST', path: '/api/invoices', body: push, headers: { 'idempotency-key': idempotencyKey } },
          report,
        );
        if (!body || typeof body !== 'object' || typeof body.invoice_id !== 'string')
          throw new PartnerError('bad_answer', 'MPower answered without an invoice id');
        return body;
      } catch (err) {
        if (err instanceof PartnerError && err.kind === 'duplicate' && err.body && typeof err.body === 'object') {
          const { error: _e, message: _m, ...rest } = err.body as Record<string, unknown>;
          if (typeof rest.invoice_id === 'string') return { ...rest, duplicate: true };
        }
        throw err;
      }
    },

    async listInvoices(page = 1, limit = 25) {
      const { body } = await callPartner<{ items: MpowerStored[]; page: number; limit: number; total: number }>(ep, {
        method: 'GET',
        path: `/api/invoices?page=${page}&limit=${limit}`,
      });
      return body;
    },
  };
}
export type MpowerClient = ReturnType<typeof createMpowerClient>;
