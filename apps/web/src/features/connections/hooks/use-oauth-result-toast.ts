import {
  CONNECTION_LABELS,
  CONNECTION_PROVIDERS,
  CONNECTION_RESULT_PARAMS,
  type ConnectionProvider,
} from '@revlane/contracts';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';

/** What each callback error code (ADR 0021) tells the user. */
const ERROR_TEXT: Record<string, (label: string) => string> = {
  access_denied: (label) => `${label} was not connected: access was denied.`,
  invalid_state: (label) =>
    `${label} was not connected: the authorization expired or was already used. Try again.`,
  exchange_failed: (label) => `${label} was not connected: it did not accept the authorization.`,
  provider_error: (label) => `${label} was not connected: it reported an error.`,
};

const labelOf = (value: string | null) =>
  CONNECTION_PROVIDERS.includes(value as ConnectionProvider)
    ? CONNECTION_LABELS[value as ConnectionProvider]
    : 'The provider';

/**
 * After the OAuth round trip the callback lands on /app/connections with `?connected=<p>` or
 * `?error=<code>&provider=<p>`: one toast says how it went, and the parameters are dropped so
 * a reload does not say it again.
 */
export function useOAuthResultToast() {
  const [params, setParams] = useSearchParams();
  const connected = params.get(CONNECTION_RESULT_PARAMS.connected);
  const error = params.get(CONNECTION_RESULT_PARAMS.error);
  const provider = params.get('provider');

  useEffect(() => {
    if (!connected && !error) return;
    if (connected) toast.success(`${labelOf(connected)} connected`);
    else toast.error((ERROR_TEXT[error!] ?? ERROR_TEXT.provider_error!)(labelOf(provider)));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [...Object.values(CONNECTION_RESULT_PARAMS), 'provider'])
          next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [connected, error, provider, setParams]);
}
