/** The products module's endpoints: the price tiers. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  priceTierOut,
  priceTierPatchSchema,
  priceTierRemovedOut,
  priceTierRemoveSchema,
  priceTierSchema,
  priceTierWithCountOut,
  tierCustomerCountOut,
} from '../pricing.js';
import { idParams } from '../primitives.js';

export const priceTiers = endpoint({
  method: 'GET',
  path: '/product/price-tier',
  response: z.array(priceTierWithCountOut),
});

export const tierCustomerCounts = endpoint({
  method: 'GET',
  path: '/product/price-tier/count-customer',
  response: z.array(tierCustomerCountOut),
});

export const createPriceTier = endpoint({
  method: 'POST',
  path: '/product/price-tier',
  body: priceTierSchema,
  response: priceTierOut,
});

export const updatePriceTier = endpoint({
  method: 'PUT',
  path: '/product/price-tier/:id',
  params: idParams,
  body: priceTierPatchSchema,
  response: priceTierOut,
});

/** migrating_price_tier_id may come in the body or the query string */
export const deletePriceTier = endpoint({
  method: 'DELETE',
  path: '/product/price-tier/:id',
  params: idParams,
  query: priceTierRemoveSchema,
  body: z.preprocess((v) => v ?? {}, priceTierRemoveSchema),
  response: priceTierRemovedOut,
});
