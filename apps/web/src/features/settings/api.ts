import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';

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
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.del(`/company/logo/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: logosKey }),
  });
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
