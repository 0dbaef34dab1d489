import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Public printable pages (/invoice/pdf/{token}, /order/pdf/{token}, /customer/balance/pdf/{token}). */
export type PrintKind = 'invoice' | 'order' | 'balance';

interface PrintPayload {
  pk: PrintKind;
  id: number;
  cid: number;
}

/** A signed token naming one document of one company; it expires (7 days by default). */
export function signPrintToken(
  app: FastifyInstance,
  kind: PrintKind,
  id: number,
  companyId: number,
  expiresIn: string = '7d',
): string {
  return app.jwt.sign({ pk: kind, id, cid: companyId } satisfies PrintPayload, { expiresIn });
}

/** The document a token names; a bad, expired or other-kind token is a 404. */
export function verifyPrintToken(
  app: FastifyInstance,
  token: string,
  kind: PrintKind,
): { id: number; companyId: number } {
  try {
    const p = app.jwt.verify<PrintPayload>(token);
    if (p.pk !== kind || !Number.isInteger(p.id)) throw new Error('wrong kind');
    return { id: p.id, companyId: p.cid };
  } catch {
    throw new HttpError(404, 'Sorry, something went wrong!');
  }
}
