import { createContext, useContext } from 'react';
import type { CustomerAppUser, CustomerAuthAnswer } from './customer-session';
import type { ShopCompany } from './shop-api';

export interface ShopContextValue {
  subdomain: string;
  /** '/shop/{subdomain}' locally, '' on {subdomain}.{APP_DOMAIN} */
  base: string;
  company: ShopCompany;
  user: CustomerAppUser | null;
  signIn(email: string, password: string): Promise<void>;
  /** a session just opened (the invitation's sign-up): keep its token, then the shop opens */
  acceptSession(answer: CustomerAuthAnswer): void;
  signOut(): void;
}

export const ShopContext = createContext<ShopContextValue | null>(null);

export function useShop(): ShopContextValue {
  const v = useContext(ShopContext);
  if (!v) throw new Error('useShop outside the shop');
  return v;
}

/** A path inside the shop, under /shop/{subdomain} or at the root of the company's subdomain. */
export function useShopPath() {
  const { base } = useShop();
  return (p = '') => `${base}${p.startsWith('/') || p === '' ? p : `/${p}`}` || '/';
}
