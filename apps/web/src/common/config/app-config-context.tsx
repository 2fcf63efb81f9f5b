import type { AppConfig } from '@revlane/contracts';
import { createContext, use, type ReactNode } from 'react';

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({
  config,
  children,
}: {
  config: AppConfig;
  children: ReactNode;
}) {
  return <AppConfigContext value={config}>{children}</AppConfigContext>;
}

/** The validated runtime configuration; the app renders only after it has loaded. */
export function useAppConfig(): AppConfig {
  const config = use(AppConfigContext);
  if (!config) throw new Error('useAppConfig must be used inside <AppConfigProvider>');
  return config;
}
