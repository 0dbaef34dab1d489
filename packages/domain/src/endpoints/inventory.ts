/** The inventory module's endpoints (each needs the inventory feature). */
import { endpoint } from '../endpoint.js';
import {
  distributorsResponseSchema,
  historyGridQuerySchema,
  historyGridResponseSchema,
  inventoryGridQuerySchema,
  inventoryGridResponseSchema,
  inventoryItemSchema,
  inventoryUpdateSchema,
  restockRequestSchema,
  restockResponseSchema,
} from '../inventory.js';
import { idParams } from '../primitives.js';

export const inventoryGrid = endpoint({
  method: 'GET',
  path: '/inventory/grid',
  query: inventoryGridQuerySchema,
  response: inventoryGridResponseSchema,
});

/** {field: value} for qty, reorder_level, reorder_qty, reorder_time_in_days or distributor */
export const updateInventoryItem = endpoint({
  method: 'PUT',
  path: '/inventory/:id',
  params: idParams,
  body: inventoryUpdateSchema,
  response: inventoryItemSchema,
});

/** restock: all items or none */
export const restock = endpoint({
  method: 'PUT',
  path: '/inventory',
  body: restockRequestSchema,
  response: restockResponseSchema,
});

export const historyGrid = endpoint({
  method: 'GET',
  path: '/inventory/history/grid',
  query: historyGridQuerySchema,
  response: historyGridResponseSchema,
});

export const distributors = endpoint({
  method: 'GET',
  path: '/inventory/distributors',
  response: distributorsResponseSchema,
});
