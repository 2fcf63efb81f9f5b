import {
  DEFAULT_LOCAL_SETTINGS,
  ERROR_TEXTS,
  LOCAL_SETTINGS_KEY,
  localSettingsSchema,
  type LocalSettings,
} from '@revlane/contracts';

export interface LocalSettingsStore {
  get: () => LocalSettings;
  update: (change: (current: LocalSettings) => LocalSettings) => void;
  subscribe: (listener: () => void) => () => void;
}

function parse(raw: string | null): LocalSettings {
  if (!raw) return DEFAULT_LOCAL_SETTINGS;
  try {
    return localSettingsSchema.parse(JSON.parse(raw));
  } catch {
    return DEFAULT_LOCAL_SETTINGS;
  }
}

/**
 * The browser-only settings (docs/product.md §3) under one key. Storage can be missing or throw (private
 * mode, blocked site data): then the settings live in memory for this page and the console
 * says so once (docs/product.md §8), instead of the app failing.
 */
export function createLocalSettingsStore(
  getStorage: () => Storage = () => window.localStorage,
): LocalSettingsStore {
  const listeners = new Set<() => void>();
  let hasWarned = false;
  const warn = () => {
    if (hasWarned) return;
    hasWarned = true;
    console.warn(ERROR_TEXTS.localStorageUnavailable);
  };

  let current: LocalSettings;
  try {
    current = parse(getStorage().getItem(LOCAL_SETTINGS_KEY));
  } catch {
    warn();
    current = DEFAULT_LOCAL_SETTINGS;
  }

  return {
    get: () => current,
    update: (change) => {
      current = change(current);
      try {
        getStorage().setItem(LOCAL_SETTINGS_KEY, JSON.stringify(current));
      } catch {
        warn();
      }
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
