import { useCallback } from 'react';
import { useLocalSettings } from '@/common/local-settings';

/** docs/product.md §4: the mini sidebar toggles and is persisted in the local settings. */
export function useMiniSidebar(): [isMini: boolean, toggle: () => void] {
  const [settings, updateSettings] = useLocalSettings();
  const toggle = useCallback(
    () =>
      updateSettings((current) => ({
        ...current,
        navSettings: {
          ...current.navSettings,
          miniSidebarNav: !current.navSettings.miniSidebarNav,
        },
      })),
    [updateSettings],
  );
  return [settings.navSettings.miniSidebarNav, toggle];
}
