import type { EndpointArgs } from '@dbo/domain/endpoint';
import * as authApi from '@dbo/domain/endpoints/auth';
import * as catalogApi from '@dbo/domain/endpoints/catalog';
import * as api from '@dbo/domain/endpoints/company';
import * as customersApi from '@dbo/domain/endpoints/customers';
import * as invoicesApi from '@dbo/domain/endpoints/invoices';
import * as stampsApi from '@dbo/domain/endpoints/stamps';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';
import { queryKeys, useWrite } from '../../lib/query-keys';

/** A logo of the company, as the logo list answers it. */
export type Logo = Answer<typeof api.logos>['logos'][number];

/** The company's settings as the form sends them (PUT /company/{id}). */
export type CompanySettings = EndpointArgs<typeof api.updateCompany>['body'];

export const logosKey = ['company', 'logos'];

export function useLogos() {
  return useQuery({
    queryKey: logosKey,
    queryFn: ({ signal }) => call(api.logos, {}, { signal }).then((r) => r.logos),
  });
}

export function useRemoveLogo() {
  return useWrite([logosKey], (id: number) => call(api.removeLogo, { params: { id } }));
}

export function useSaveCompany(companyId: number, onSuccess?: () => void) {
  return useMutation({
    mutationFn: (values: CompanySettings) => saveCompany(companyId, values),
    onSuccess: () => onSuccess?.(),
  });
}

export function useNotification() {
  return useQuery({
    queryKey: queryKeys.notification,
    queryFn: ({ signal }) => call(authApi.notification, {}, { signal }).then((r) => r.notification),
  });
}

export type NotificationPrefs = Answer<typeof authApi.notification>['notification'];

/** Saves the company's notification preferences. */
export const saveNotification = (notifications: NotificationPrefs) =>
  call(authApi.saveNotification, { body: { notifications } });

/** Saves the user's own name and, with the current one, a new password. */
export const saveProfile = (v: { name: string; password?: string; current_password?: string }) =>
  call(authApi.updateProfile, {
    body: {
      name: v.name,
      password: v.password || undefined,
      current_password: v.password ? v.current_password : undefined,
    },
  });

/** Adds a logo (multipart, field `logo`). */
export function uploadLogo(file: File) {
  const body = new FormData();
  body.append('logo', file);
  return call(api.uploadLogo, { body });
}

/** Saves the company's settings (the whole form: PUT /company/{id}). */
export const saveCompany = (companyId: number, values: CompanySettings) =>
  call(api.updateCompany, { params: { id: companyId }, body: values });

/** How many rows a grid holds: its first row is enough to know whether there is one. */
const firstRow = { query: { startRow: 0, endRow: 1 } };

/** What the first-run checklist ticks: whether the company has rolls, customers, products and invoices. */
export function useFirstRunCounts(can: { stamps: boolean; customers: boolean; products: boolean; invoices: boolean }) {
  const rolls = useQuery({ ...endpointQuery(queryKeys.stamps.rolls, stampsApi.stampRolls, {}), enabled: can.stamps });
  const customers = useQuery({
    queryKey: [...queryKeys.customers.all, 'first-run'],
    queryFn: ({ signal }) => call(customersApi.customerGrid, firstRow, { signal }).then((r) => r.count),
    enabled: can.customers,
  });
  const products = useQuery({
    queryKey: [...queryKeys.products.all, 'first-run'],
    queryFn: ({ signal }) => call(catalogApi.productGrid, firstRow, { signal }).then((r) => r.count),
    enabled: can.products,
  });
  const invoices = useQuery({
    queryKey: [...queryKeys.invoices.all, 'first-run'],
    queryFn: ({ signal }) => call(invoicesApi.invoiceGrid, firstRow, { signal }).then((r) => r.count),
    enabled: can.invoices,
  });
  return { rolls, customers, products, invoices };
}
