import { printPageQuery, printTokenParams } from '@dbo/domain/invoice';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/**
 * Public printable pages (/invoice/pdf/{token}, /order/pdf/{token}, /customer/balance/pdf/{token},
 * /customer/statement/pdf/{token}).
 */
export type PrintKind = 'invoice' | 'order' | 'balance' | 'statement';

interface PrintPayload {
  pk: PrintKind;
  id: number;
  cid: number;
  /** what else names the document (a statement's period) */
  d?: Record<string, string>;
}

/** A signed token naming one document of one company; it expires (7 days by default). */
export function signPrintToken(
  app: FastifyInstance,
  kind: PrintKind,
  id: number,
  companyId: number,
  expiresIn: string = '7d',
  data?: Record<string, string>,
): string {
  return app.jwt.sign({ pk: kind, id, cid: companyId, ...(data ? { d: data } : {}) } satisfies PrintPayload, {
    expiresIn,
  });
}

/** What a bad, expired or dead print link answers (the same for all: nothing to probe). */
export const printLinkGone = () => new HttpError(404, 'Sorry, something went wrong!');

/** The document a token names; a bad, expired or other-kind token is a 404. */
export function verifyPrintToken(
  app: FastifyInstance,
  token: string,
  kind: PrintKind,
): { id: number; companyId: number; data: Record<string, unknown> } {
  try {
    const p = app.jwt.verify<PrintPayload>(token);
    if (p.pk !== kind || !Number.isInteger(p.id)) throw new Error('wrong kind');
    return { id: p.id, companyId: p.cid, data: p.d ?? {} };
  } catch {
    throw printLinkGone();
  }
}

/** A public printable page's `{token}` (declared in the domain, where its endpoints are). */
export { printTokenParams };

/** The request of a public printable page that also answers its PDF: `{token}`, and `?format=pdf` for the PDF. */
export const printPageRequest = { params: printTokenParams, querystring: printPageQuery };
