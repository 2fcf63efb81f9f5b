import type { LocalSettings } from '@revlane/contracts';
import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createLocalSettingsStore, type LocalSettingsStore } from './local-settings-store';

const LocalSettingsContext = createContext<LocalSettingsStore | null>(null);

/** One store per app: it reads storage once at start and writes on every change. */
export function LocalSettingsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createLocalSettingsStore());
  return <LocalSettingsContext value={store}>{children}</LocalSettingsContext>;
}

/** The current local settings and a function to change them. */
export function useLocalSettings(): [
  LocalSettings,
  (change: (current: LocalSettings) => LocalSettings) => void,
] {
  const store = use(LocalSettingsContext);
  if (!store) throw new Error('useLocalSettings must be used inside <LocalSettingsProvider>');
  const settings = useSyncExternalStore(store.subscribe, store.get);
  return [settings, store.update];
}
