import * as api from '@dbo/domain/endpoints/reports';
import type { SalesGroup } from '@dbo/domain/report';
import { useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoints';
import { queryKeys } from '../../lib/query-keys';

/** From and to days (YYYY-MM-DD) of a report. */
export type RangeValue = [string, string];

export function useSales(groupBy: SalesGroup, range: RangeValue) {
  return useQuery({
    queryKey: queryKeys.reports.sales(groupBy, range[0], range[1]),
    queryFn: () => call(api.salesReport, { query: { from: range[0], to: range[1], groupBy } }),
    retry: false,
  });
}

export function useStampsReport(range: RangeValue) {
  return useQuery({
    queryKey: queryKeys.reports.stamps(range[0], range[1]),
    queryFn: () => call(api.stampsReport, { query: { from: range[0], to: range[1] } }),
    retry: false,
  });
}

/** The company's figures of each period (GET /company/stats), side by side. */
export function usePeriodStats(periods: { from: string; to: string }[]) {
  return useQueries({
    queries: periods.map((p) => ({
      queryKey: queryKeys.company.statsRange(p.from, p.to),
      queryFn: () => call(api.companyStats, { query: { from: p.from, to: p.to } }),
      retry: false,
    })),
  });
}
