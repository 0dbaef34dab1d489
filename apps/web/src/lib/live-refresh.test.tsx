import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// the provider loads the events' schemas when its socket opens; loaded here first, that load is
// never still running when the file's environment is torn down (it failed CI's web unit tests once)
import '@dbo/domain/live-events';
import { LiveEventsProvider } from './live-events';
import { useLiveRefresh } from './live-refresh';

/** The socket as the provider opens it: the test plays the server's connection and events. */
const socket = vi.hoisted(() => ({
  onEvent: undefined as ((name: string, payload: unknown) => void) | undefined,
  onConnect: undefined as (() => void) | undefined,
}));
vi.mock('./realtime', () => ({
  connectRealtime: (_token: string, onEvent: (name: string, payload: unknown) => void, onConnect?: () => void) => {
    socket.onEvent = onEvent;
    socket.onConnect = onConnect;
    return () => {};
  },
}));

afterEach(() => cleanup());

function Refresh() {
  useLiveRefresh();
  return null;
}

/** The signed-in shell's part: the socket's provider with the live refresh under it. */
const mount = (qc: QueryClient) =>
  render(
    <QueryClientProvider client={qc}>
      <LiveEventsProvider token="t">
        <Refresh />
      </LiveEventsProvider>
    </QueryClientProvider>,
  );

describe('live refresh on (re)connection', () => {
  it('fetches again what was loaded before the socket listened: a save in between sent its event to nobody', async () => {
    const qc = new QueryClient();
    let version = 1;
    const fetchInvoice = vi.fn(async () => ({ version }));
    await qc.fetchQuery({ queryKey: ['invoices', 'detail', '1'], queryFn: fetchInvoice });
    // an observer, as the open builder is
    const unsubscribe = new QueryObserver(qc, {
      queryKey: ['invoices', 'detail', '1'],
      queryFn: fetchInvoice,
      staleTime: Number.POSITIVE_INFINITY,
    }).subscribe(() => {});
    mount(qc);
    version = 2; // someone else saves before this socket connected
    await new Promise((r) => setTimeout(r, 5));
    await act(async () => socket.onConnect?.());
    await vi.waitFor(() => expect(qc.getQueryData(['invoices', 'detail', '1'])).toEqual({ version: 2 }));
    expect(fetchInvoice).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('leaves alone what was loaded after the connection', async () => {
    const qc = new QueryClient();
    mount(qc);
    await act(async () => socket.onConnect?.());
    const fetchInvoice = vi.fn(async () => ({ version: 1 }));
    await qc.fetchQuery({ queryKey: ['invoices', 'detail', '1'], queryFn: fetchInvoice });
    expect(qc.getQueryState(['invoices', 'detail', '1'])?.isInvalidated).toBe(false);
    expect(fetchInvoice).toHaveBeenCalledTimes(1);
  });
});
