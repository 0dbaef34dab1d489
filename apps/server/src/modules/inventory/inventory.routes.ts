import * as api from '@dbo/domain/endpoints/inventory';
import { INVENTORY_MSG } from '@dbo/domain/inventory';
import { routeOf } from '../../lib/endpoint-route.js';
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

  app.route({
    ...routeOf(api.inventoryGrid, {
      tags,
      description: 'Items with their product; default sort updated_at desc; ignoreLimit answers every filtered row.',
    }),
    preHandler,
    handler: async (req) => inventoryGrid(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.updateInventoryItem, {
      tags,
      description: '{field: value} for qty, reorder_level, reorder_qty, reorder_time_in_days or distributor.',
    }),
    preHandler,
    handler: async (req) => {
      const item = await updateInventoryItem(db, actor(req), req.params.id, req.body);
      app.deps.emit(req.auth.companyId, 'inventory:update', { ids: [item.id] });
      return item;
    },
  });

  app.route({
    ...routeOf(api.restock, {
      tags,
      description: 'Restock: all items or none. Answers the restocked items with their new qty.',
    }),
    preHandler,
    handler: async (req) => {
      const items = await restock(db, actor(req), req.body);
      app.deps.emit(req.auth.companyId, 'inventory:update', { ids: items.map((it) => it.id) });
      return items;
    },
  });

  app.route({
    ...routeOf(api.historyGrid, { tags, description: 'Movements newest first; dateFrom/dateTo are Texas days.' }),
    preHandler,
    handler: async (req) => historyGrid(db, req.auth.companyId, req.query),
  });

  app.route({
    ...routeOf(api.distributors, { tags }),
    preHandler,
    handler: async (req) => distributors(db, req.auth.companyId),
  });
}
