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

const tags = ['product'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;

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
}
