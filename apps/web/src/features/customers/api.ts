import type { delinquencySummaryOut, delinquentAccountOut } from '@dbo/domain/credit-law';
import type {
  CustomerInput,
  customerBalanceOut,
  customerOut,
  customerUserOut,
  TabcExpiration,
} from '@dbo/domain/customer';
import type { establishmentSuggestionOut } from '@dbo/domain/tabc-permit';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, request } from '../../lib/api';
import { queryKeys, useWrite } from '../../lib/query-keys';

import type { PriceTier } from '../../lib/answer-types';
import type { Holiday } from '@dbo/domain/credit-law';

export type { PriceTier };

/** A customer as GET /customer/{id} and the grid answer it. */
export type Customer = z.infer<typeof customerOut>;

/** A customer app user as the customer users grid and detail answer it. */
export type CustomerUser = z.infer<typeof customerUserOut>;

/** A TABC establishment suggested for a permit number. */
export type Establishment = z.infer<typeof establishmentSuggestionOut>;

/** A customer's balance: what is owed, invoice by invoice. */
export type Balance = z.infer<typeof customerBalanceOut>;

const customerKeys = queryKeys.customers;

export function useCustomer(id: number | undefined) {
  return useQuery({
    queryKey: customerKeys.one(id ?? 0),
    queryFn: () => http.get<Customer>(`/customer/${id}`),
    enabled: !!id,
    retry: false,
  });
}

export function useTabcExpiration(id: number | undefined) {
  return useQuery({
    queryKey: customerKeys.tabc(id ?? 0),
    queryFn: () => http.get<TabcExpiration>(`/customer/${id}/tabc-expiration`),
    enabled: !!id,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function usePriceTiers(enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.tiers,
    queryFn: () => http.get<PriceTier[]>('/customer/price-tiers'),
    enabled,
  });
}

export function useBalance(id: number) {
  return useQuery({
    queryKey: customerKeys.balance(id),
    queryFn: () => http.get<Balance>(`/customer/${id}/balance`),
    retry: false,
  });
}

export function useSaveCustomer(id?: number) {
  return useWrite([customerKeys.all], (values: CustomerInput) =>
    id ? http.put<Customer>(`/customer/${id}`, values) : http.post<Customer>('/customer', values),
  );
}

export function useRemoveCustomer(id: number) {
  return useWrite([customerKeys.all], () => http.del(`/customer/${id}`));
}

export function useInviteUser() {
  return useWrite(
    [customerKeys.users],
    (body: { values: { name: string; email: string; tabc_id?: string }; customer: number }) =>
      http.post<{ customerUser: CustomerUser }>('/customer/user-invitation', body),
  );
}

export type UserAction =
  | { kind: 'revoke' | 'reactivate' }
  | { kind: 'enable' | 'disable' }
  | { kind: 'resend' }
  | { kind: 'preferences'; preferences: Record<string, boolean> };

export function useUserAction() {
  return useWrite([customerKeys.users], async ({ user, action }: { user: CustomerUser; action: UserAction }) => {
    switch (action.kind) {
      case 'revoke':
      case 'reactivate':
        return http.put<CustomerUser>('/customer/user-invitation-revoke', {
          revoke: action.kind === 'revoke',
          customerUser: user.id,
        });
      case 'enable':
      case 'disable':
        return http.put<CustomerUser>('/customer/user-permission', {
          permission: action.kind === 'enable',
          customerUser: user.id,
        });
      case 'resend':
        return (await http.post<{ customerUser: CustomerUser }>(`/customer/user-invitation/${user.id}/resend`))
          .customerUser;
      case 'preferences':
        return http.put<CustomerUser>(`/customer/${user.customer_id}/notification-preferences`, {
          preferences: action.preferences,
          customerUser: user.id,
        });
    }
  });
}

// ---- Texas credit law --------------------------------------------------------------------------------

export type DelinquentAccount = z.infer<typeof delinquentAccountOut>;
export type DelinquencySummary = z.infer<typeof delinquencySummaryOut>;

/** GET /customer/delinquent: the accounts delinquent today. */
export function useDelinquentAccounts() {
  return useQuery({
    queryKey: queryKeys.customers.delinquent,
    queryFn: () => http.get<{ rows: DelinquentAccount[] }>('/customer/delinquent', { format: 'json' }),
    staleTime: 0,
  });
}

export function useDelinquencySummary() {
  return useQuery({
    queryKey: queryKeys.customers.delinquentSummary,
    queryFn: () => http.get<DelinquencySummary>('/customer/delinquent/summary'),
    staleTime: 0,
  });
}

/** TABC-licensed establishments by name, address or permit code (the customer form's auto-fill). */
export function useEstablishmentSearch(query: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.customers.autoFill(query),
    queryFn: ({ signal }) => http.get<Establishment[]>('/customer/auto-fill-suggestions', { query }, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** The legal holidays of the credit law's business days, and whether they are still the seed. */
export interface Holidays {
  holidays: Holiday[];
  seeded: boolean;
}

export const useHolidays = () =>
  useQuery({ queryKey: queryKeys.customers.holidays, queryFn: () => http.get<Holidays>('/company/holidays') });

/** Saves the company's holidays (null: back to the Texas state holidays). */
export const saveHolidays = (holidays: Holiday[] | null) => http.put<Holidays>('/company/holidays', { holidays });

/** What the customer owes on unpaid invoices (the grid's detail panel). */
export function useCustomerOwing(customerId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.customers.checkBalance(customerId ?? 0),
    queryFn: () => http.get<{ owing: number }>(`/customer/${customerId}/check-balance`),
    enabled: !!customerId,
  });
}

/** The customer's balance as a PDF file (the Pdf button). */
export const balancePdf = (customerId: number) =>
  request<Response>('POST', `/customer/${customerId}/balance/pdf`, { body: {}, raw: true });

/** The address of the customer's printable balance (the Print button opens it). */
export const balancePrintUrl = async (customerId: number) =>
  (await http.post<{ url: string }>(`/customer/${customerId}/balance/pdf`, { format: 'url' })).url;

/** The delinquent accounts as a CSV or PDF file. */
export const delinquentFile = (format: 'csv' | 'pdf') =>
  request<Response>('GET', '/customer/delinquent', { raw: true, query: { format } });
