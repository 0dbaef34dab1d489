import {
  productCreateSchema,
  productDeletedOut,
  productDetailOut,
  productGridOut,
  productGridQuerySchema,
  productListOut,
  productListQuerySchema,
  productOut,
  productPatchSchema,
  recommendationOut,
  recommendationQuerySchema,
  suggestionOut,
  suggestionQuerySchema,
} from '@dbo/domain/product';
import {
  priceTierOut,
  priceTierPatchSchema,
  priceTierRemovedOut,
  priceTierRemoveSchema,
  priceTierSchema,
  priceTierWithCountOut,
  tierCustomerCountOut,
} from '@dbo/domain/pricing';
import { idParams } from '@dbo/domain/primitives';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import {
  countCustomersPerTier,
  createTier,
  listTiers,
  removeTier,
  updateTier,
} from '../customers/price-tiers.service.js';
import { createProduct, deleteProduct, updateProduct } from './product-writes.service.js';
import { productRecommendation, productSuggestions } from './products.search.js';
import { getProduct, listProducts, productGrid } from './products.service.js';

const tags = ['product'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const changed = (companyId: number, payload: Record<string, unknown>) =>
    app.deps.emit(companyId, 'product:cache-update', payload);

  app.get(
    '/product',
    { schema: { tags, querystring: productListQuerySchema, response: { 200: productListOut } } },
    async (req) => listProducts(db, req.auth.companyId, req.query),
  );

  app.get(
    '/product/grid',
    { schema: { tags, querystring: productGridQuerySchema, response: { 200: productGridOut } } },
    async (req) => productGrid(db, req.auth.companyId, req.query),
  );

  app.get(
    '/product/suggestions',
    {
      schema: {
        tags,
        description:
          'Starts at 3 characters; a numeric query longer than 5 digits is a UPC lookup. Each suggestion carries `price`, the price resolved for customerId, and `stock`.',
        querystring: suggestionQuerySchema,
        response: { 200: z.object({ suggestions: z.array(suggestionOut) }) },
      },
    },
    async (req) => productSuggestions(db, req.auth.companyId, req.query),
  );

  app.get(
    '/product/recommendation',
    { schema: { tags, querystring: recommendationQuerySchema, response: { 200: recommendationOut } } },
    async (req) => productRecommendation(db, req.auth.companyId, req.query.customerId),
  );

  app.get('/product/price-tier', { schema: { tags, response: { 200: z.array(priceTierWithCountOut) } } }, async (req) =>
    listTiers(db, req.auth.companyId),
  );

  app.get(
    '/product/price-tier/count-customer',
    { schema: { tags, response: { 200: z.array(tierCustomerCountOut) } } },
    async (req) => countCustomersPerTier(db, req.auth.companyId),
  );

  app.post(
    '/product/price-tier',
    { schema: { tags, body: priceTierSchema, response: { 200: priceTierOut } } },
    async (req) => {
      const tier = await createTier(db, req.auth.companyId, req.auth.userId, req.body);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: tier.id });
      return tier;
    },
  );

  app.put(
    '/product/price-tier/:id',
    { schema: { tags, params: idParams, body: priceTierPatchSchema, response: { 200: priceTierOut } } },
    async (req) => {
      const tier = await updateTier(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: tier.id });
      return tier;
    },
  );

  app.delete(
    '/product/price-tier/:id',
    {
      schema: {
        tags,
        params: idParams,
        // migrating_price_tier_id may come in the body or the query string
        querystring: priceTierRemoveSchema,
        body: z.preprocess((v) => v ?? {}, priceTierRemoveSchema),
        response: { 200: priceTierRemovedOut },
      },
    },
    async (req) => {
      const target = req.body.migrating_price_tier_id ?? req.query.migrating_price_tier_id;
      const out = await removeTier(db, req.auth.companyId, req.auth.userId, req.params.id, target);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: req.params.id });
      return out;
    },
  );

  app.get('/product/:id', { schema: { tags, params: idParams, response: { 200: productDetailOut } } }, async (req) =>
    getProduct(db, req.auth.companyId, req.params.id),
  );

  app.post('/product', { schema: { tags, body: productCreateSchema, response: { 200: productOut } } }, async (req) => {
    const product = await createProduct(db, req.auth.companyId, req.auth.userId, req.body);
    changed(req.auth.companyId, { id: product.id });
    return product;
  });

  app.put(
    '/product/:id',
    { schema: { tags, params: idParams, body: productPatchSchema, response: { 200: productDetailOut } } },
    async (req) => {
      const product = await updateProduct(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      changed(req.auth.companyId, { id: product.id });
      return product;
    },
  );

  app.delete(
    '/product/:id',
    { schema: { tags, params: idParams, response: { 200: productDeletedOut } } },
    async (req) => {
      const out = await deleteProduct(db, req.auth.companyId, req.auth.userId, req.params.id);
      changed(req.auth.companyId, { id: out.id, deleted: true });
      return out;
    },
  );
}
