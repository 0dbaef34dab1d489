/**
 * MPower's HTTP API as we use it: send one invoice (idempotency key, so a retry never files it
 * twice) and list what it holds. Base URL from MPOWER_URL (or the local simulator); the company's
 * API key in X-Api-Key.
 */
import type { AttemptReport, PartnerClientOptions } from '../partner-http.js';
import { getFromPartner, PartnerError, partnerEndpoint, postInvoice } from '../partner-http.js';
import type { MpowerInvoicePush, MpowerStored } from './simulator.js';

export type { MpowerInvoicePush } from './simulator.js';

export type MpowerClientOptions = PartnerClientOptions;

export function createMpowerClient(opts: MpowerClientOptions) {
  const ep = partnerEndpoint('MPower', opts, (key) => ({ 'x-api-key': key }));
  return {
    /** Sends the invoice; answers MPower's answer (on a 409 for our own key: the copy it already holds). */
    async sendInvoice(
      push: MpowerInvoicePush,
      idempotencyKey: string,
      report?: (a: AttemptReport) => void | Promise<void>,
    ): Promise<Record<string, unknown>> {
      const answer = await postInvoice<Record<string, unknown>>(ep, '/api/invoices', push, idempotencyKey, report);
      if (answer.duplicate) {
        if (answer.body && typeof answer.body === 'object') {
          const { error: _e, message: _m, ...rest } = answer.body as Record<string, unknown>;
          if (typeof rest.invoice_id === 'string') return { ...rest, duplicate: true };
        }
        throw answer.error;
      }
      const { body } = answer;
      if (!body || typeof body !== 'object' || typeof body.invoice_id !== 'string')
        throw new PartnerError('bad_answer', 'MPower answered without an invoice id');
      return body;
    },

    listInvoices: (page = 1, limit = 25) =>
      getFromPartner<{ items: MpowerStored[]; page: number; limit: number; total: number }>(
        ep,
        `/api/invoices?page=${page}&limit=${limit}`,
      ),
  };
}
export type MpowerClient = ReturnType<typeof createMpowerClient>;
