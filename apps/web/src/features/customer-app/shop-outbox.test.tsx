import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendOrder } from './shop-api';
import { queueOrder, readOutbox } from './shop-offline';
import { OUTBOX_RETRY_MS, useOutbox } from './shop-pwa';

vi.mock('./shop-api', () => ({ sendOrder: vi.fn(), sendCart: vi.fn(), shopKeys: { orders: ['o'], cart: ['c'] } }));
const send = vi.mocked(sendOrder);

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  send.mockReset();
});
afterEach(() => vi.useRealTimers());

describe("the shop's orders placed without signal", () => {
  it("are sent again while they wait, when the 'online' event came before the network carried them", async () => {
    queueOrder({ client_id: 'o-1', items: [{ product_id: 1, qty: 2 }], note: '' } as never);
    // at start and at the 'online' event the request still fails: no signal yet
    send.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useOutbox(true, vi.fn()), { wrapper });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(result.current).toBe(1);
    // the signal carries requests now: the next try sends it, with no other event
    send.mockResolvedValue({} as never);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS);
    });
    expect(send).toHaveBeenCalledTimes(3);
    expect(send.mock.lastCall?.[0]).toMatchObject({ client_id: 'o-1' });
    expect(readOutbox()).toEqual([]);
    expect(result.current).toBe(0);
    // nothing waits: the timer sends nothing more
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS * 3);
    });
    expect(send).toHaveBeenCalledTimes(3);
  });
});
