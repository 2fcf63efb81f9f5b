import { appConfigSchema, type AppConfig } from '@revlane/contracts';

export const CONFIG_URL = '/config.json';

/** Says what went wrong in words an operator can act on; shown on the boot error screen. */
export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
}

/** Fetches and validates the runtime configuration (docs/architecture.md §3.1) so one build runs anywhere. */
export async function loadAppConfig(): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetch(CONFIG_URL, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch (error) {
    throw new ConfigLoadError('The server could not be reached to load the configuration.', {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new ConfigLoadError(
      `Loading the configuration failed: ${CONFIG_URL} answered with status ${response.status}.`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ConfigLoadError(`${CONFIG_URL} is not valid JSON.`, { cause: error });
  }
  const parsed = appConfigSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new ConfigLoadError(`${CONFIG_URL} is invalid — ${problems.join('; ')}.`);
  }
  return parsed.data;
}
