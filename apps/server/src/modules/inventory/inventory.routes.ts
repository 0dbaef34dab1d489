import { idParams } from '@dbo/domain/primitives';
import {
  INVENTORY_MSG,
  distributorsResponseSchema,
  historyGridQuerySchema,
  historyGridResponseSchema,
  inventoryGridQuerySchema,
  inventoryGridResponseSchema,
  inventoryItemSchema,
  inventoryUpdateSchema,
  restockRequestSchema,
  restockResponseSchema,
} from '@dbo/domain/inventory';
import { forbidden } from '../../lib/errors.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { isFeatureOn } from '../company/company.service.js';
import { updateInventoryItem } from './inventory.edit.js';
import { distributors, historyGrid, inventoryGrid } from './inventory.grid.js';
import { restock } from './inventory.restock.js';

const tags = ['inventory'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  /** Every inventory call needs the inventory feature (403 otherwise). */
  const preHandler = async (req: FastifyRequest) => {
    if (!(await isFeatureOn(db, req.auth.companyId, 'inventory'))) throw forbidden(INVENTORY_MSG.featureOff);
  };
  const actor = (req: FastifyRequest) => ({ companyId: req.auth.companyId, userId: req.auth.userId });

  app.get(
    '/inventory/grid',
    {
      preHandler,
      schema: {
        tags,
        description: 'Items with their product; default sort updated_at desc; ignoreLimit answers every filtered row.',
        querystring: inventoryGridQuerySchema,
        response: { 200: inventoryGridResponseSchema },
      },
    },
    async (req) => inventoryGrid(db, req.auth.companyId, req.query),
  );

  app.put(
    '/inventory/:id',
    {
      preHandler,
      schema: {
        tags,
        description: '{field: value} for qty, reorder_level, reorder_qty, reorder_time_in_days or distributor.',
        params: idParams,
        body: inventoryUpdateSchema,
        response: { 200: inventoryItemSchema },
      },
    },
    async (req) => {
      const item = await updateInventoryItem(db, actor(req), req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'inventory:update', { ids: [item.id] });
      return item;
    },
  );

  app.put(
    '/inventory',
    {
      preHandler,
      schema: {
        tags,
        description: 'Restock: all items or none. Answers the restocked items with their new qty.',
        body: restockRequestSchema,
        response: { 200: restockResponseSchema },
      },
    },
    async (req) => {
      const items = await restock(db, actor(req), req.body);
      app.deps.emit(req.auth.companyId, 'inventory:update', { ids: items.map((it) => it.id) });
      return items;
    },
  );

  app.get(
    '/inventory/history/grid',
    {
      preHandler,
      schema: {
        tags,
        description: 'Movements newest first; dateFrom/dateTo are Texas days.',
        querystring: historyGridQuerySchema,
        response: { 200: historyGridResponseSchema },
      },
    },
    async (req) => historyGrid(db, req.auth.companyId, req.query),
  );

  app.get(
    '/inventory/distributors',
    { preHandler, schema: { tags, response: { 200: distributorsResponseSchema } } },
    async (req) => distributors(db, req.auth.companyId),
  );
}
