import { gridQuerySchema } from '@dbo/domain/grid';
import { priceTierRemoveSchema } from '@dbo/domain/pricing';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { countCustomersPerTier, createTier, listTiers, removeTier, updateTier } from './price-tiers.service.js';
import { productRecommendation, productSuggestions } from './products.search.js';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  productGrid,
  updateProduct,
} from './products.service.js';

const tags = ['product'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === 'null' || v === 'undefined' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);
const ymd = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .transform((v) => v.slice(0, 10))
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { error: 'Dates must be YYYY-MM-DD' })
    .optional(),
);

/** A list as repeated parameters, a comma list or a JSON array. */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    const parts = Array.isArray(v) ? v : [v];
    return parts
      .flatMap((p) => {
        const s = String(p).trim();
        if (s.startsWith('[')) {
          try {
            return (JSON.parse(s) as unknown[]).map(String);
          } catch {
            return [s];
          }
        }
        return s.split(',');
      })
      .map((s) => s.trim())
      .filter(Boolean);
  }, z.array(item));

const suggestionQuery = z.object({
  query: z.string().default(''),
  customerId: optionalId,
  excludingProductIds: listParam(z.coerce.number({ error: 'excludingProductIds must be product ids' }).int()),
  excludingSourceProductIds: listParam(z.string()),
  distributor: z.string().trim().optional(),
});

/** Documented answer of GET /product/suggestions; the invoice builder reads exactly these names. */
export const suggestionSchema = z.object({
  id: z.number(),
  product: z.string(),
  product_type: z.string(),
  product_size: z.string(),
  product_price: z.number().describe('stored unit (list) price'),
  last_purchase_price: z.number(),
  upc: z.string().nullable(),
  internal_sku: z.string().nullable(),
  distributor: z.string().nullable(),
  reorder_level: z.number().nullable(),
  reorder_qty: z.number().nullable(),
  ydk_product_id: z.string().nullable(),
  price: z.number().describe('price resolved for customerId (tier, price changes, last invoice)'),
  stock: z.number().nullable().describe('inventory quantity, null without an inventory record'),
  scanned: z.boolean().describe('the query was a UPC scan matching this product'),
});

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const changed = (companyId: number, payload: Record<string, unknown>) =>
    app.deps.emit(companyId, 'product:cache-update', payload);

  app.get(
    '/product',
    {
      schema: {
        tags,
        querystring: z.object({ dateFrom: ymd, dateTo: ymd, customerId: optionalId }),
      },
    },
    async (req) => listProducts(db, req.auth.companyId, req.query),
  );

  app.get('/product/grid', { schema: { tags, querystring: gridQuerySchema } }, async (req) =>
    productGrid(db, req.auth.companyId, req.query),
  );

  app.get(
    '/product/suggestions',
    {
      schema: {
        tags,
        description:
          'Starts at 3 characters; a numeric query longer than 5 digits is a UPC lookup. Each suggestion carries `price`, the price resolved for customerId, and `stock`.',
        querystring: suggestionQuery,
        response: { 200: z.object({ suggestions: z.array(suggestionSchema) }) },
      },
    },
    async (req) => productSuggestions(db, req.auth.companyId, req.query),
  );

  app.get(
    '/product/recommendation',
    { schema: { tags, querystring: z.object({ customerId: z.coerce.number().int().positive() }) } },
    async (req) => productRecommendation(db, req.auth.companyId, req.query.customerId),
  );

  app.get('/product/price-tier', { schema: { tags } }, async (req) => listTiers(db, req.auth.companyId));

  app.get('/product/price-tier/count-customer', { schema: { tags } }, async (req) =>
    countCustomersPerTier(db, req.auth.companyId),
  );

  app.post('/product/price-tier', { schema: { tags, body: z.looseObject({}).optional() } }, async (req) => {
    const tier = await createTier(db, req.auth.companyId, req.auth.userId, req.body);
    app.deps.emit(req.auth.companyId, 'company:update', { priceTier: tier.id });
    return tier;
  });

  app.put(
    '/product/price-tier/:id',
    { schema: { tags, params: idParams, body: z.looseObject({}).optional() } },
    async (req) => {
      const tier = await updateTier(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: tier.id });
      return tier;
    },
  );

  app.delete(
    '/product/price-tier/:id',
    { schema: { tags, params: idParams, querystring: priceTierRemoveSchema } },
    async (req) => {
      // migrating_price_tier_id may come in the body or the query string
      const body = priceTierRemoveSchema.safeParse(req.body ?? {});
      const target =
        (body.success ? body.data.migrating_price_tier_id : undefined) ?? req.query.migrating_price_tier_id;
      const out = await removeTier(db, req.auth.companyId, req.auth.userId, req.params.id, target);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: req.params.id });
      return out;
    },
  );

  app.get('/product/:id', { schema: { tags, params: idParams } }, async (req) =>
    getProduct(db, req.auth.companyId, req.params.id),
  );

  app.post('/product', { schema: { tags, body: z.looseObject({}) } }, async (req) => {
    const product = await createProduct(db, req.auth.companyId, req.auth.userId, req.body);
    changed(req.auth.companyId, { id: product.id });
    return product;
  });

  app.put('/product/:id', { schema: { tags, params: idParams, body: z.looseObject({}) } }, async (req) => {
    const product = await updateProduct(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
    changed(req.auth.companyId, { id: product.id });
    return product;
  });

  app.delete('/product/:id', { schema: { tags, params: idParams } }, async (req) => {
    const out = await deleteProduct(db, req.auth.companyId, req.auth.userId, req.params.id);
    changed(req.auth.companyId, { id: out.id, deleted: true });
    return out;
  });
}
