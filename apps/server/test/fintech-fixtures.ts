/**
 * A company set up for fintech and MPower against the local simulators: the features on, the
 * company's and a customer's fintech ids, API keys, a wine product and an invoice (wine: no stamps).
 */
import { saveIntegrationCredentials } from '../src/modules/integrations/credentials.service.js';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from './factories.js';
import { activateFeature, type SignedUp, type TestContext } from './helpers.js';

export interface FintechSetup {
  owner: SignedUp;
  customer: Awaited<ReturnType<typeof makeCustomer>>;
  product: Awaited<ReturnType<typeof makeProduct>>;
  invoice: { id: number; number: number; beer: boolean; total: number };
}

export async function fintechCompany(
  ctx: TestContext,
  opts: {
    companyFintechId?: string;
    hasFintech?: boolean;
    customer?: Record<string, unknown>;
    key?: string | null;
  } = {},
): Promise<FintechSetup> {
  const owner = await makeCompany(ctx, {
    has_fintech: opts.hasFintech ?? true,
    fintech_id: opts.companyFintechId ?? 'DIST-77',
  });
  await activateFeature(ctx, owner.companyId, 'fintech');
  await activateFeature(ctx, owner.companyId, 'mpower');
  if (opts.key !== null) {
    await saveIntegrationCredentials(ctx.database.db, owner.companyId, 'fintech', { api_key: opts.key ?? 'key-0001' });
    await saveIntegrationCredentials(ctx.database.db, owner.companyId, 'mpower', { api_key: opts.key ?? 'key-0001' });
  }
  const customer = await makeCustomer(ctx, owner.companyId, {
    name: 'Broken Spoke Saloon',
    fintech_option: true,
    fintech_id: 'RTL-9',
    ...opts.customer,
  });
  const product = await makeProduct(ctx, owner.companyId, {
    product: 'BECKER CABERNET',
    product_type: 'WINE',
    product_size: '750ML',
    upc: '089046000113',
  });
  const invoice = await makeInvoice(owner, {
    customerId: customer.id,
    invoiced_at: '2026-11-02',
    due_at: null,
    status: 'invoiced',
    items: [line(product.id, 2, '18.99')],
  });
  return { owner, customer, product, invoice };
}
