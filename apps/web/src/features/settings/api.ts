import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { queryKeys, useWrite } from '../../lib/query-keys';

export interface Logo {
  id: number;
  path: string;
  originalname: string;
}

export const logosKey = ['company', 'logos'];

export function useLogos() {
  return useQuery({
    queryKey: logosKey,
    queryFn: () => http.get<{ logos: Logo[] }>('/company/logo').then((r) => r.logos),
  });
}

export function useRemoveLogo() {
  return useWrite([logosKey], (id: number) => http.del(`/company/logo/${id}`));
}

export function useSaveCompany(companyId: number, onSuccess?: () => void) {
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => saveCompany(companyId, values),
    onSuccess: () => onSuccess?.(),
  });
}

export function useNotification() {
  return useQuery({
    queryKey: ['notification'],
    queryFn: () => http.get<{ notification: NotificationPrefs }>('/company/notification').then((r) => r.notification),
  });
}

export interface NotificationPrefs {
  email_notification: boolean;
  app_notification: boolean;
}

/** Saves the company's notification preferences. */
export const saveNotification = (notifications: NotificationPrefs) =>
  http.put('/company/notification', { notifications });

/** Saves the user's own name and, with the current one, a new password. */
export const saveProfile = (v: { name: string; password?: string; current_password?: string }) =>
  http.put('/user', {
    name: v.name,
    password: v.password || undefined,
    current_password: v.password ? v.current_password : undefined,
  });

/** Adds a logo (multipart, field `logo`). */
export function uploadLogo(file: File) {
  const body = new FormData();
  body.append('logo', file);
  return http.post('/company/logo', body);
}

/** Saves the company's settings (the whole form: PUT /company/{id}). */
export const saveCompany = (companyId: number, values: Record<string, unknown>) =>
  http.put(`/company/${companyId}`, values);

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
