import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { useDeletePayment, useSavePayment } from './api';

const CUSTOMER = 5;
const INVOICE = 41;

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // what the customer screens and the builder's warnings hold for this customer
  qc.setQueryData(queryKeys.customers.checkBalance(CUSTOMER), { owing: 100 });
  qc.setQueryData(queryKeys.customers.balance(CUSTOMER), { summary: { owing: 100 } });
  qc.setQueryData(queryKeys.invoices.one(String(INVOICE)), { id: INVOICE, paid_total: 0 });
  // a query of another domain that a payment does not change
  qc.setQueryData(['logos'], []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return { qc, wrapper };
}

const invalidated = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;

describe('payment mutations refresh the balances they change', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ id: 1, amount: 40 }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('adding a payment invalidates the customer balance and check-balance before the caller continues', async () => {
    const { qc, wrapper } = setup();
    const { result } = renderHook(() => useSavePayment(INVOICE), { wrapper });
    let seenByCaller: boolean | undefined;
    await result.current.mutateAsync(
      { values: { amount: 40, received_at: '2026-11-21', note: '' } },
      { onSuccess: () => (seenByCaller = invalidated(qc, queryKeys.customers.checkBalance(CUSTOMER))) },
    );
    expect(fetchMock).toHaveBeenCalledWith(`/api/v1/invoice/${INVOICE}/payment`, expect.anything());
    expect(invalidated(qc, queryKeys.customers.checkBalance(CUSTOMER))).toBe(true);
    expect(invalidated(qc, queryKeys.customers.balance(CUSTOMER))).toBe(true);
    expect(invalidated(qc, queryKeys.invoices.one(String(INVOICE)))).toBe(true);
    expect(invalidated(qc, ['logos'])).toBe(false);
    expect(seenByCaller).toBe(true);
  });

  it('deleting a payment invalidates the customer balance too', async () => {
    const { qc, wrapper } = setup();
    const { result } = renderHook(() => useDeletePayment(INVOICE), { wrapper });
    result.current.mutate(1);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(invalidated(qc, queryKeys.customers.checkBalance(CUSTOMER))).toBe(true);
    expect(invalidated(qc, queryKeys.customers.balance(CUSTOMER))).toBe(true);
  });
});
