import * as api from '@dbo/domain/endpoints/catalog';
import * as tiers from '@dbo/domain/endpoints/products';
import type { ProductCreateInput, productPatchSchema } from '@dbo/domain/product';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../lib/api';
import { type Answer, call } from '../../lib/endpoints';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';
import type { GridRow } from '../../lib/server-grid';

/** A product as the product grid answers it. */
export type Product = GridRow<typeof api.productGrid>;

/** A product with its price changes, invoices and inventory (the detail page). */
export type ProductDetail = Answer<typeof api.product>;
export type PriceChange = ProductDetail['priceChanges'][number];
export type ProductInvoice = ProductDetail['invoices'][number];
export type InventoryEntry = NonNullable<ProductDetail['inventory']>['inventoryHistory'][number];

/** A tier of the tier manager: how many customers are on it, too. */
export type PriceTier = Answer<typeof tiers.priceTiers>[number];

const productKeys = queryKeys.products;

export function useProduct(id: number | string | null | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: () => call(api.product, { params: { id: id ?? '' } }),
    enabled: !!id,
    retry: false,
  });
}

export type ProductPatchInput = z.input<typeof productPatchSchema>;

/** Create (no id) or update a product; invalidates every product query first. */
export function useSaveProduct() {
  return useWrite(
    [productKeys.all],
    (v: { id: number; body: ProductPatchInput } | { id?: undefined; body: ProductCreateInput }): Promise<Product> =>
      v.id !== undefined
        ? call(api.updateProduct, { params: { id: v.id }, body: v.body })
        : call(api.createProduct, { body: v.body }),
  );
}

export function useDeleteProduct() {
  return useWrite([productKeys.all], (id: number) => call(api.deleteProduct, { params: { id } }));
}

export function usePriceTiers(enabled = true) {
  return useQuery({
    queryKey: productKeys.tiers,
    queryFn: () => call(tiers.priceTiers, {}),
    enabled,
  });
}

export function useSaveTier() {
  return useWrite(
    changedBy.priceTier,
    ({ id, body }: { id?: number; body: { name: string; percentage: number; color: string } }) =>
      id ? call(tiers.updatePriceTier, { params: { id }, body }) : call(tiers.createPriceTier, { body }),
  );
}

export function useRemoveTier() {
  return useWrite(
    changedBy.priceTier,
    ({ id, migrating_price_tier_id }: { id: number; migrating_price_tier_id?: number }) =>
      call(tiers.deletePriceTier, { params: { id }, body: { migrating_price_tier_id } }),
  );
}

export interface CustomerOption {
  id: number;
  name: string;
}

/** Customers for the price-change scope (GET /customer answers a list, or rows). */
export function useCustomerOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.customers.list,
    queryFn: () => http.get<CustomerOption[] | { customers?: CustomerOption[]; rows?: CustomerOption[] }>('/customer'),
    enabled,
    select: (res): CustomerOption[] => {
      const list = Array.isArray(res) ? res : (res?.customers ?? res?.rows ?? []);
      return list.map((c) => ({ id: c.id, name: c.name }));
    },
  });
}
