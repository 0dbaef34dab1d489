import * as api from '@dbo/domain/endpoints/products';
import { routeOf } from '../../lib/endpoint-route.js';
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

  app.route({
    ...routeOf(api.priceTiers, { tags }),
    handler: async (req) => listTiers(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.tierCustomerCounts, { tags }),
    handler: async (req) => countCustomersPerTier(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.createPriceTier, { tags }),
    handler: async (req) => {
      const tier = await createTier(db, req.auth.companyId, req.auth.userId, req.body);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: tier.id });
      return tier;
    },
  });

  app.route({
    ...routeOf(api.updatePriceTier, { tags }),
    handler: async (req) => {
      const tier = await updateTier(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: tier.id });
      return tier;
    },
  });

  app.route({
    ...routeOf(api.deletePriceTier, { tags }),
    handler: async (req) => {
      // migrating_price_tier_id may come in the body or the query string
      const target = req.body.migrating_price_tier_id ?? req.query.migrating_price_tier_id;
      const out = await removeTier(db, req.auth.companyId, req.auth.userId, req.params.id, target);
      app.deps.emit(req.auth.companyId, 'company:update', { priceTier: req.params.id });
      return out;
    },
  });
}
