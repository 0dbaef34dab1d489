import * as api from '@dbo/domain/endpoints/operator';
import type { OperatorFeatureBody } from '@dbo/domain/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, call, endpointQuery } from '../../lib/endpoints';

/** The token typed on /operator, kept for this tab only. */
const KEY = 'dbo.operator-token';
export const operatorToken = () => sessionStorage.getItem(KEY);
export const setOperatorToken = (t: string | null) =>
  t ? sessionStorage.setItem(KEY, t) : sessionStorage.removeItem(KEY);

export type OperatorCompany = Answer<typeof api.operatorCompanies>[number];
export type OperatorFeatureRequest = Answer<typeof api.operatorFeatureRequests>[number];

const operatorKey = ['operator'] as const;

// Operator calls carry the operator's bearer (never the staff session's).

export const useOperatorCompanies = (token: string | null) =>
  useQuery({
    ...endpointQuery([...operatorKey, 'companies', token], api.operatorCompanies, {}, { token: token as string }),
    enabled: !!token,
    retry: false,
  });

export const useOperatorRequests = (token: string | null) =>
  useQuery({
    ...endpointQuery([...operatorKey, 'requests', token], api.operatorFeatureRequests, {}, { token: token as string }),
    enabled: !!token,
    retry: false,
  });

export function useSetFeature(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: number; name: string } & OperatorFeatureBody) =>
      call(
        api.operatorSetFeature,
        {
          params: { id: v.companyId, name: v.name },
          body: {
            active: v.active,
            ...(v.ignore_pricing === undefined ? {} : { ignore_pricing: v.ignore_pricing }),
          },
        },
        { token: token as string },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorKey }),
  });
}
