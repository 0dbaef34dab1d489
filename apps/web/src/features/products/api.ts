import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api';
import type { PriceTier as BaseTier } from '../../lib/answer-types';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';

export interface Product {
  id: number;
  product: string;
  product_type: string;
  product_size: string;
  product_price: number;
  last_purchase_price: number;
  upc: string | null;
  internal_sku: string | null;
  effective_date: string | null;
  archived: boolean;
  reorder_level: number | null;
  reorder_qty: number | null;
  reorder_time_in_days: number | null;
  distributor: string | null;
  ydk_product_id: string | null;
  units_sold: number;
  amount_sold: number;
  stock?: number | null;
  created_at: string;
  updated_at: string;
}

export interface PriceChange {
  id: number;
  old_price: number;
  new_price: number;
  effective_date: string;
  created_at: string;
  customer_id: number | null;
  customer_name: string | null;
}

export interface ProductInvoice {
  id: number;
  invoice_id: number;
  number: number;
  beer: boolean;
  status: string;
  invoiced_at: string;
  customer_id: number;
  customer_name: string | null;
  qty: number;
  price: number;
  total: number;
}

export interface InventoryEntry {
  id: number;
  qty: number;
  created_at: string;
  source: string;
  ref_number: string | null;
  invoice_id: number | null;
  invoice: number | null;
  beer: boolean | null;
  on_deal: boolean;
  unit_price: number | null;
}

export interface ProductDetail extends Product {
  priceChanges: PriceChange[];
  invoices: ProductInvoice[];
  invoice_count: number;
  inventory: {
    id: number;
    qty: number;
    reorder_needed: boolean;
    reorder_level: number | null;
    inventoryHistory: InventoryEntry[];
  } | null;
}

/** A tier of the tier manager: how many customers are on it, too. */
export type PriceTier = BaseTier & { customer_count: number };

const productKeys = queryKeys.products;

export function useProduct(id: number | string | null | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: () => http.get<ProductDetail>(`/product/${id}`),
    enabled: !!id,
    retry: false,
  });
}

export type ProductPayload = Record<string, unknown>;

/** Create (no id) or update a product; invalidates every product query first. */
export function useSaveProduct() {
  return useWrite([productKeys.all], ({ id, body }: { id?: number; body: ProductPayload }) =>
    id ? http.put<ProductDetail>(`/product/${id}`, body) : http.post<Product>('/product', body),
  );
}

export function useDeleteProduct() {
  return useWrite([productKeys.all], (id: number) => http.del(`/product/${id}`));
}

export function usePriceTiers(enabled = true) {
  return useQuery({
    queryKey: productKeys.tiers,
    queryFn: () => http.get<PriceTier[]>('/product/price-tier'),
    enabled,
  });
}

export function useSaveTier() {
  return useWrite(
    changedBy.priceTier,
    ({ id, body }: { id?: number; body: { name: string; percentage: number; color: string } }) =>
      id ? http.put(`/product/price-tier/${id}`, body) : http.post('/product/price-tier', body),
  );
}

export function useRemoveTier() {
  return useWrite(
    changedBy.priceTier,
    ({ id, migrating_price_tier_id }: { id: number; migrating_price_tier_id?: number }) =>
      http.del<{ migrated_customers?: number }>(`/product/price-tier/${id}`, { migrating_price_tier_id }),
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
