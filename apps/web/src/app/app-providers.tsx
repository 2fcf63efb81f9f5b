import type { AppConfig } from '@revlane/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from '@/common/api';
import { AppConfigProvider } from '@/common/config';
import { LocalSettingsProvider } from '@/common/local-settings';
import { showErrorToast } from '@/common/ui/error-toast';
import { theme } from './theme';

/** Everything every screen relies on, outside the router. */
export function AppProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(showErrorToast));
  return (
    <AppConfigProvider config={config}>
      <LocalSettingsProvider>
        <ConfigProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            {children}
            <Toaster position="top-right" />
          </QueryClientProvider>
        </ConfigProvider>
      </LocalSettingsProvider>
    </AppConfigProvider>
  );
}
