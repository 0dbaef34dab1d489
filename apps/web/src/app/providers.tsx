import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { SessionProvider } from '../lib/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});

/**
 * antd's default greys, status colours and tag text stop short of WCAG's 4.5:1 on white and on
 * their tinted backgrounds (issue 20). The tokens below are the darkest shade of each palette that
 * still reads as the same colour; the figures are the contrast on the lightest background used.
 */
const PALETTE_FIX = {
  volcano7: '#ad2102', // 6.4 on volcano-1
  orange7: '#ad4e00', // 5.1 on orange-1
  gold7: '#874d00', // 6.5 on gold-1
  yellow7: '#876800', // 5.2 on yellow-1
  lime7: '#3f6600', // 6.6 on lime-1
  green7: '#237804', // 5.4 on green-1
  cyan7: '#006d75', // 5.8 on cyan-1
};
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#8b1e3f',
    borderRadius: 6,
    // secondary (0.65 -> 0.72) and tertiary/description text (0.45 -> 0.62): >= 5.9:1 on #f5f5f7
    colorTextSecondary: 'rgba(0, 0, 0, 0.72)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // placeholders carry hints users need (0.25 -> 0.58, 5.3:1)
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // links and the info/processing colour derive from colorInfo (#1677ff is 4.1:1 on white)
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // error text and danger buttons (#ff4d4f is 3.3:1 with white)
    colorError: '#cf1322',
    // success and warning are used as text (Typography, Statistic, tags)
    colorSuccess: '#237804',
    colorWarning: '#874d00',
  },
  components: {
    Tag: PALETTE_FIX,
    // a solid green button is white text on green-6 (2.3:1): green-8 reaches 5.4:1
    Button: { green6: '#237804' },
    // an empty table's 'No data' is drawn in the disabled grey (1.8:1)
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    Empty: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)', colorTextDescription: 'rgba(0, 0, 0, 0.62)' },
    // the count badge is white on red: red-7 (5.6:1) rather than red-6 (4.1:1)
    Badge: { red6: '#cf1322' },
  },
};

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        {/* toasts open below the 56px top bar, not over its Logout button (issue 36) */}
        <AntApp notification={{ top: 72 }}>
          <SessionProvider>{children}</SessionProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
