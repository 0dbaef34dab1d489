import type { companyStatsOut } from '@dbo/domain/invoice';
import type { SalesGroup, SalesReport, StampsReport } from '@dbo/domain/report';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** From and to days (YYYY-MM-DD) of a report. */
export type RangeValue = [string, string];

export function useSales(groupBy: SalesGroup, range: RangeValue) {
  return useQuery({
    queryKey: queryKeys.reports.sales(groupBy, range[0], range[1]),
    queryFn: () => http.get<SalesReport>('/report/sales', { from: range[0], to: range[1], groupBy }),
    retry: false,
  });
}

export function useStampsReport(range: RangeValue) {
  return useQuery({
    queryKey: queryKeys.reports.stamps(range[0], range[1]),
    queryFn: () => http.get<StampsReport>('/report/stamps', { from: range[0], to: range[1] }),
    retry: false,
  });
}

/** The company's figures of each period (GET /company/stats), side by side. */
export function usePeriodStats(periods: { from: string; to: string }[]) {
  return useQueries({
    queries: periods.map((p) => ({
      queryKey: queryKeys.company.statsRange(p.from, p.to),
      queryFn: () => http.get<z.infer<typeof companyStatsOut>>('/company/stats', { from: p.from, to: p.to }),
      retry: false,
    })),
  });
}
