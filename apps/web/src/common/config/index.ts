export { AppConfigProvider, useAppConfig } from './app-config-context';
export { CONFIG_URL, ConfigLoadError, loadAppConfig } from './load-app-config';
