export { LocalSettingsProvider, useLocalSettings } from './local-settings-context';
export { createLocalSettingsStore, type LocalSettingsStore } from './local-settings-store';
