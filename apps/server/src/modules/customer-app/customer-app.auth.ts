import { ORDER_MSG } from '@dbo/domain/order';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { isFeatureOn } from '../company/company.service.js';
import { findCustomerSession } from '../customers/customer-sessions.service.js';
import type { CustomerActor } from '../orders/orders.place.js';

interface CustomerTokenPayload {
  kind?: string;
  cu?: number;
  cid?: number;
  jti?: string;
}

/**
 * The customer user behind a customer-app bearer token. Any missing, expired or staff token, an
 * ended session, a revoked or disabled user or a removed customer answers 401 (at once: checked on every call); with
 * `ordering`, a company without the order feature answers 403 'Online ordering is not available'.
 */
export async function customerActor(
  db: Db,
  req: FastifyRequest,
  opts: { ordering?: boolean } = {},
): Promise<CustomerActor & { name: string; email: string }> {
  let payload: CustomerTokenPayload;
  try {
    payload = await req.jwtVerify<CustomerTokenPayload>();
  } catch {
    throw unauthorized();
  }
  if (payload.kind !== 'customer' || typeof payload.jti !== 'string') throw unauthorized();
  // the token's session: signed out, reset, disabled, revoked or removed answers 401 at once
  const user = await findCustomerSession(db, payload.jti);
  if (!user || user.id !== payload.cu || user.company_id !== payload.cid) throw unauthorized();
  if (opts.ordering !== false && !(await isFeatureOn(db, user.company_id, 'order')))
    throw forbidden(ORDER_MSG.notAvailable);
  return {
    companyId: user.company_id,
    customerId: user.customer_id,
    customerUserId: user.id,
    name: user.name,
    email: user.email,
  };
}
