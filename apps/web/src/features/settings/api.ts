import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api';
import { useWrite } from '../../lib/query-keys';

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
    mutationFn: (values: Record<string, unknown>) => http.put(`/company/${companyId}`, values),
    onSuccess: () => onSuccess?.(),
  });
}

export function useNotification() {
  return useQuery({
    queryKey: ['notification'],
    queryFn: () =>
      http
        .get<{ notification: { email_notification: boolean; app_notification: boolean } }>('/company/notification')
        .then((r) => r.notification),
  });
}
