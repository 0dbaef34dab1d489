import { isFeatureActive } from '@dbo/domain/features';
import type { FeatureOnListener } from '../company/company.service.js';
import type { ProductsCreatedListener } from '../products/product-writes.service.js';
import { ensureInventoryItems } from './inventory.ledger.js';

/** Switching inventory on gives every product its item (qty 0, its reorder settings). */
export const itemsForEveryProduct: FeatureOnListener = (db, companyId) => ensureInventoryItems(db, companyId);

/** And every new product its item, while the feature is on. */
export const itemsForNewProducts: ProductsCreatedListener = async (tx, companyId, ids, features) => {
  if (isFeatureActive(features, 'inventory')) await ensureInventoryItems(tx, companyId, ids);
};
