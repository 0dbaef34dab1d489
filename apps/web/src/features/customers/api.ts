import type { CustomerInput } from '@dbo/domain/customer';
import type { Holiday } from '@dbo/domain/credit-law';
import * as balanceApi from '@dbo/domain/endpoints/customer-balance';
import * as api from '@dbo/domain/endpoints/customers';
import * as creditApi from '@dbo/domain/endpoints/delinquency';
import { useQuery } from '@tanstack/react-query';
import { type Answer, call, callForFile, endpointQuery } from '../../lib/endpoints';
import { queryKeys, useWrite } from '../../lib/query-keys';

/** A customer as GET /customer/{id} and the grid answer it. */
export type Customer = Answer<typeof api.customer>;

/** A customer app user as the customer users grid and detail answer it. */
export type CustomerUser = Answer<typeof api.customerUsers>[number];

/** A TABC establishment suggested for a permit number. */
export type Establishment = Answer<typeof api.autoFillSuggestions>[number];

/** A customer's balance: what is owed, invoice by invoice. */
export type Balance = Answer<typeof balanceApi.customerBalance>;

/** A price tier of the customer form's tier choice. */
export type PriceTier = Answer<typeof api.priceTiers>[number];

const customerKeys = queryKeys.customers;

export function useCustomer(id: number | undefined) {
  return useQuery({
    ...endpointQuery(customerKeys.one(id ?? 0), api.customer, { params: { id: id ?? 0 } }),
    enabled: !!id,
    retry: false,
  });
}

export function useTabcExpiration(id: number | undefined) {
  return useQuery({
    ...endpointQuery(customerKeys.tabc(id ?? 0), api.tabcExpiration, { params: { id: id ?? 0 } }),
    enabled: !!id,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function usePriceTiers(enabled: boolean) {
  return useQuery({ ...endpointQuery(customerKeys.tiers, api.priceTiers, {}), enabled });
}

export function useBalance(id: number) {
  return useQuery({
    ...endpointQuery(customerKeys.balance(id), balanceApi.customerBalance, { params: { id } }),
    retry: false,
  });
}

export function useSaveCustomer(id?: number) {
  return useWrite([customerKeys.all], (values: CustomerInput) =>
    id ? call(api.updateCustomer, { params: { id }, body: values }) : call(api.createCustomer, { body: values }),
  );
}

export function useRemoveCustomer(id: number) {
  return useWrite([customerKeys.all], () => call(api.removeCustomer, { params: { id } }));
}

export function useInviteUser() {
  return useWrite(
    [customerKeys.users],
    (body: { values: { name: string; email: string; tabc_id?: string }; customer: number }) =>
      call(api.inviteUser, { body }),
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
        return call(api.revokeInvitation, { body: { revoke: action.kind === 'revoke', customerUser: user.id } });
      case 'enable':
      case 'disable':
        return call(api.setUserPermission, {
          body: { permission: action.kind === 'enable', customerUser: user.id },
        });
      case 'resend':
        return (await call(api.resendInvitation, { params: { id: user.id } })).customerUser;
      case 'preferences':
        return call(api.setNotificationPreferences, {
          params: { id: user.customer_id },
          body: { preferences: action.preferences, customerUser: user.id },
        });
    }
  });
}

// ---- Texas credit law --------------------------------------------------------------------------------

/** The report as JSON (the CSV text and the PDF are files: delinquentFile). */
type DelinquentReport = Exclude<Answer<typeof creditApi.delinquentAccounts>, string>;
export type DelinquentAccount = DelinquentReport['rows'][number];
export type DelinquencySummary = Answer<typeof creditApi.delinquencySummary>;

/** GET /customer/delinquent: the accounts delinquent today. */
export function useDelinquentAccounts() {
  return useQuery({
    queryKey: queryKeys.customers.delinquent,
    queryFn: async ({ signal }): Promise<DelinquentReport> => {
      const report = await call(creditApi.delinquentAccounts, { query: { format: 'json' } }, { signal });
      if (typeof report === 'string') throw new Error('The delinquent accounts came as text, not JSON');
      return report;
    },
    staleTime: 0,
  });
}

export function useDelinquencySummary() {
  return useQuery({
    ...endpointQuery(queryKeys.customers.delinquentSummary, creditApi.delinquencySummary, {}),
    staleTime: 0,
  });
}

/** TABC-licensed establishments by name, address or permit code (the customer form's auto-fill). */
export function useEstablishmentSearch(query: string, enabled: boolean) {
  return useQuery({
    ...endpointQuery(queryKeys.customers.autoFill(query), api.autoFillSuggestions, { query: { query } }),
    enabled,
    staleTime: 60_000,
  });
}

/** The legal holidays of the credit law's business days, and whether they are still the seed. */
export type Holidays = Answer<typeof creditApi.holidays>;

export const useHolidays = () => useQuery(endpointQuery(queryKeys.customers.holidays, creditApi.holidays, {}));

/** Saves the company's holidays (null: back to the Texas state holidays). */
export const saveHolidays = (holidays: Holiday[] | null) => call(creditApi.setHolidays, { body: { holidays } });

/** What the customer owes on unpaid invoices (the grid's detail panel). */
export function useCustomerOwing(customerId: number | undefined) {
  return useQuery({
    ...endpointQuery(queryKeys.customers.checkBalance(customerId ?? 0), balanceApi.checkBalance, {
      params: { id: customerId ?? 0 },
    }),
    enabled: !!customerId,
  });
}

/** The customer's balance as a PDF file (the Pdf button). */
export const balancePdf = (customerId: number) =>
  callForFile(balanceApi.balancePdf, { params: { id: customerId }, body: {} });

/** The address of the customer's printable balance (the Print button opens it). */
export const balancePrintUrl = async (customerId: number) =>
  (await call(balanceApi.balancePdf, { params: { id: customerId }, body: { format: 'url' } })).url;

/** The delinquent accounts as a CSV or PDF file. */
export const delinquentFile = (format: 'csv' | 'pdf') =>
  callForFile(creditApi.delinquentAccounts, { query: { format } });
