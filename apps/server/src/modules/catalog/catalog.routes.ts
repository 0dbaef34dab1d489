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
import { idParams } from '@dbo/domain/primitives';
import { z } from 'zod';
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

  app.get('/product/:id', { schema: { tags, params: idParams, response: { 200: productDetailOut } } }, async (req) =>
    getProduct(db, req.auth.companyId, req.params.id),
  );

  app.post('/product', { schema: { tags, body: productCreateSchema, response: { 200: productOut } } }, async (req) => {
    const product = await createProduct(wiring, db, req.auth.companyId, req.auth.userId, req.body);
    changed(req.auth.companyId, { id: product.id });
    return product;
  });

  app.put(
    '/product/:id',
    { schema: { tags, params: idParams, body: productPatchSchema, response: { 200: productDetailOut } } },
    async (req) => {
      const id = await updateProduct(wiring, db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      changed(req.auth.companyId, { id });
      return getProduct(db, req.auth.companyId, id);
    },
  );

  app.delete(
    '/product/:id',
    { schema: { tags, params: idParams, response: { 200: productDeletedOut } } },
    async (req) => {
      const out = await deleteProduct(wiring, db, req.auth.companyId, req.auth.userId, req.params.id);
      changed(req.auth.companyId, { id: out.id, deleted: true });
      return out;
    },
  );
}
