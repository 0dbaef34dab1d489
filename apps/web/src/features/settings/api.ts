import type { EndpointArgs } from '@dbo/domain/endpoint';
import * as authApi from '@dbo/domain/endpoints/auth';
import * as api from '@dbo/domain/endpoints/company';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { type Answer, call } from '../../lib/endpoints';
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
const countOf = (url: string) => () =>
  http.get<{ count: number }>(url, { startRow: 0, endRow: 1 }).then((r) => r.count);

/** What the first-run checklist ticks: whether the company has rolls, customers, products and invoices. */
export function useFirstRunCounts(can: { stamps: boolean; customers: boolean; products: boolean; invoices: boolean }) {
  const rolls = useQuery({
    queryKey: queryKeys.stamps.rolls,
    queryFn: () => http.get<unknown[]>('/stamp/roll'),
    enabled: can.stamps,
  });
  const customers = useQuery({
    queryKey: [...queryKeys.customers.all, 'first-run'],
    queryFn: countOf('/customer/grid'),
    enabled: can.customers,
  });
  const products = useQuery({
    queryKey: [...queryKeys.products.all, 'first-run'],
    queryFn: countOf('/product/grid'),
    enabled: can.products,
  });
  const invoices = useQuery({
    queryKey: [...queryKeys.invoices.all, 'first-run'],
    queryFn: countOf('/invoice/grid'),
    enabled: can.invoices,
  });
  return { rolls, customers, products, invoices };
}
