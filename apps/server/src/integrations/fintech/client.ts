/**
 * The fintech clearing house's HTTP API as we use it: push one invoice (with an idempotency key,
 * so a retry never files it twice) and list what it holds. Base URL from FINTECH_URL (or the
 * local simulator), the company's API key as a bearer token.
 */
import type { AttemptReport, PartnerClientOptions } from '../partner-http.js';
import { getFromPartner, PartnerError, partnerEndpoint, postInvoice } from '../partner-http.js';
import type { FintechInvoicePush, FintechStored } from './simulator.js';

export type { FintechInvoicePush, FintechLine } from './simulator.js';

export interface FintechPushResult {
  id: string;
  status: string;
  /** true when the clearing house already had this push (a retry after a lost answer) */
  duplicate: boolean;
}

export type FintechClientOptions = PartnerClientOptions;

export function createFintechClient(opts: FintechClientOptions) {
  const ep = partnerEndpoint('Fintech', opts, (key) => ({ authorization: `Bearer ${key}` }));
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
      const answer = await postInvoice<{ id?: unknown; status?: unknown }>(
        ep,
        '/v1/invoices',
        push,
        idempotencyKey,
        report,
      );
      if (answer.duplicate) {
        const b = answer.body as { id?: unknown } | undefined;
        return { id: typeof b?.id === 'string' ? b.id : '', status: 'accepted', duplicate: true };
      }
      const { body } = answer;
      if (!body || typeof body.id !== 'string')
        throw new PartnerError('bad_answer', 'Fintech answered without an invoice id');
      return { id: body.id, status: String(body.status ?? 'accepted'), duplicate: false };
    },

    /** One page of the invoices the clearing house holds for this key. */
    listInvoices: (page = 1, perPage = 50) =>
      getFromPartner<{ data: FintechStored[]; page: number; per_page: number; total: number }>(
        ep,
        `/v1/invoices?page=${page}&per_page=${perPage}`,
      ),
  };
}
export type FintechClient = ReturnType<typeof createFintechClient>;
