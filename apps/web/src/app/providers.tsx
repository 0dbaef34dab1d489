import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { SessionProvider } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ token: { colorPrimary: '#8b1e3f', borderRadius: 6 } }}>
        <AntApp>
          <SessionProvider>{children}</SessionProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
