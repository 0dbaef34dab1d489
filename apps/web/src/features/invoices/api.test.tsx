import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { useSaveInvoice } from './api';

describe('saving an invoice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the stamp pages, the customer balance and stock before the caller navigates', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ id: 1, number: 1001, beer: false }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // the stamp pages (rolls, remaining) were once missed: invoices invalidated ['stamp'], they are ['stamps']
    const watched = [
      queryKeys.stamps.rolls,
      queryKeys.stamps.remaining,
      queryKeys.customers.checkBalance(3),
      queryKeys.customers.balance(3),
      queryKeys.products.detail(7),
      queryKeys.company.statsRange('2026-11-01', '2026-11-30'),
    ];
    for (const key of watched) qc.setQueryData(key, {});
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    );
    let seen: (boolean | undefined)[] = [];
    const { result } = renderHook(
      () => useSaveInvoice({ onSuccess: () => (seen = watched.map((k) => qc.getQueryState(k)?.isInvalidated)) }),
      { wrapper },
    );
    await result.current.mutateAsync({
      payload: { customer: { id: 3 }, items: [{ product_id: 7, qty: 1, price: 10 }] },
    });
    expect(seen).toEqual(watched.map(() => true));
  });
});
