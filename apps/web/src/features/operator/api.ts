import type {
  OperatorCompany,
  OperatorFeature,
  OperatorFeatureBody,
  OperatorFeatureRequest,
} from '@dbo/domain/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api';

/** The token typed on /operator, kept for this tab only. */
const KEY = 'dbo.operator-token';
export const operatorToken = () => sessionStorage.getItem(KEY);
export const setOperatorToken = (t: string | null) =>
  t ? sessionStorage.setItem(KEY, t) : sessionStorage.removeItem(KEY);

const operatorKey = ['operator'] as const;

/** Operator calls carry the operator's bearer (never the staff session's). */
const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  request<T>(method, `/operator${path}`, { token, body });

export const useOperatorCompanies = (token: string | null) =>
  useQuery({
    queryKey: [...operatorKey, 'companies', token],
    queryFn: () => call<OperatorCompany[]>('GET', '/companies', token as string),
    enabled: !!token,
    retry: false,
  });

export const useOperatorRequests = (token: string | null) =>
  useQuery({
    queryKey: [...operatorKey, 'requests', token],
    queryFn: () => call<OperatorFeatureRequest[]>('GET', '/feature-requests', token as string),
    enabled: !!token,
    retry: false,
  });

export function useSetFeature(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; name: string } & OperatorFeatureBody) =>
      call<OperatorFeature>('PUT', `/company/${v.companyId}/feature/${v.name}`, token as string, {
        active: v.active,
        ...(v.ignore_pricing === undefined ? {} : { ignore_pricing: v.ignore_pricing }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKey }),
  });
}
