import type { customerDelinquencyOut, delinquencySummaryOut, delinquentAccountOut } from '@dbo/domain/credit-law';
import type { CustomerInput, TabcExpiration } from '@dbo/domain/customer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export interface PriceTier {
  id: number;
  name: string;
  percentage: number;
  color: string;
  is_base_tier: boolean;
}

export interface Customer {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  aims_id: number | null;
  aims_license_type: string | null;
  ydk_est_id: string | null;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  cash_on_delivery: boolean;
  fintech_option: boolean;
  fintech_id: string;
  product_price_tier_id: number | null;
  productPriceTier: PriceTier | null;
  service_start: string | null;
  created_at: string;
  deleted: boolean;
  /** Texas credit law: delinquent with us / on the TABC delinquent list */
  delinquent?: boolean;
  tabc_delinquent?: boolean;
}

export interface CustomerUser {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  is_enable: boolean;
  revoked: boolean;
  access: 'Enabled' | 'Disabled' | 'Revoked';
  pending_invitation: boolean;
  app_notification: boolean;
  email_notification: boolean;
  sms_notification: boolean;
  emailInvitation: { invited_at: string; updated_at: string | null } | null;
  userActivity: { last_sign_in_at: string | null; signed_up_at: string | null };
  created_at: string;
  customer_id: number;
  customer: { id: number; name: string; address: string; city: string; tabc_id: string } | null;
}

export interface Establishment {
  license_type: string;
  license_id: string;
  tabc_id: string;
  trade_name: string;
  owner: string;
  name: string;
  address: string;
  city: string;
  county: string;
  state: string;
  zip: string;
  status: string;
  expiration_date: string | null;
  aims_license_type: string | null;
  aims_id: number | null;
}

export interface Balance {
  summary: { owing: number };
  invoices: {
    id: number;
    number: number;
    beer: boolean;
    invoiced_at: string;
    due_at: string | null;
    total: number;
    paid_total: number;
    owing: number;
    status: string;
  }[];
  customer: Customer;
}

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
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: CustomerInput) =>
      id ? http.put<Customer>(`/customer/${id}`, values) : http.post<Customer>('/customer', values),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export function useRemoveCustomer(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.del(`/customer/${id}`),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { values: { name: string; email: string; tabc_id?: string }; customer: number }) =>
      http.post<{ customerUser: CustomerUser }>('/customer/user-invitation', body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: customerKeys.users });
    },
  });
}

export type UserAction =
  | { kind: 'revoke' | 'reactivate' }
  | { kind: 'enable' | 'disable' }
  | { kind: 'resend' }
  | { kind: 'preferences'; preferences: Record<string, boolean> };

export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, action }: { user: CustomerUser; action: UserAction }) => {
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
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: customerKeys.users });
    },
  });
}

// ---- Texas credit law --------------------------------------------------------------------------------

export type CustomerDelinquency = z.infer<typeof customerDelinquencyOut>;
export type DelinquentAccount = z.infer<typeof delinquentAccountOut>;
export type DelinquencySummary = z.infer<typeof delinquencySummaryOut>;

export function useCustomerDelinquency(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.customers.delinquency(id ?? 0),
    queryFn: () => http.get<CustomerDelinquency>(`/customer/${id}/delinquency`),
    enabled: !!id,
    staleTime: 0,
  });
}

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
