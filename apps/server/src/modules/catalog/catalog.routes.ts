import * as api from '@dbo/domain/endpoints/catalog';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { createProduct, deleteProduct, updateProduct } from '../products/product-writes.service.js';
import { productRecommendation, productSuggestions } from './catalog.search.js';
import { getProduct, listProducts, productGrid } from './catalog.service.js';

/** The product routes: the catalogue's reads and the product writes (price tiers: products.routes.ts). */
const tags = ['product'];

export async function privateRoutes(app: App) {
  const { db, wiring } = app.deps;
  const changed = (companyId: number, payload: Record<string, unknown>) =>
    app.deps.emit(companyId, 'product:cache-update', payload);

  app.route({
    ...routeOf(api.productList, { tags }),
    handler: async (req) => listProducts(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.productGrid, { tags }),
    handler: async (req) => productGrid(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.productSuggestions, {
      tags,
      description:
        'Starts at 3 characters; a numeric query longer than 5 digits is a UPC lookup. Each suggestion carries `price`, the price resolved for customerId, and `stock`.',
    }),
    handler: async (req) => productSuggestions(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.productRecommendation, { tags }),
    handler: async (req) => productRecommendation(db, req.auth.companyId, req.query.customerId),
  });

  app.route({
    ...routeOf(api.product, { tags }),
    handler: async (req) => getProduct(db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.createProduct, { tags }),
    handler: async (req) => {
      const product = await createProduct(wiring, db, req.auth.companyId, req.auth.userId, req.body);
      changed(req.auth.companyId, { id: product.id });
      return product;
    },
  });

  app.route({
    ...routeOf(api.updateProduct, { tags }),
    handler: async (req) => {
      const id = await updateProduct(wiring, db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      changed(req.auth.companyId, { id });
      return getProduct(db, req.auth.companyId, id);
    },
  });

  app.route({
    ...routeOf(api.deleteProduct, { tags }),
    handler: async (req) => {
      const out = await deleteProduct(wiring, db, req.auth.companyId, req.auth.userId, req.params.id);
      changed(req.auth.companyId, { id: out.id, deleted: true });
      return out;
    },
  });
}
