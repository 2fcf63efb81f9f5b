import {
  HostNotFoundError,
  OutboundRefusedError,
} from '../../platform/outbound/outbound-policy.js';
import { ConnectorError } from './connector.js';

/**
 * The network-level failures every connector shares, as actionable messages: refused by
 * policy, host not found, timed out, connection refused. Null for anything else (the
 * connector maps its own protocol's errors).
 */
export function networkFailure(
  error: unknown,
  where: { host: string; port?: number | undefined },
): ConnectorError | null {
  const target = where.port ? `${where.host}:${where.port}` : where.host;
  if (error instanceof OutboundRefusedError) return new ConnectorError('policy', error.message);
  if (error instanceof HostNotFoundError)
    return new ConnectorError(
      'host_not_found',
      `Host not found: ${where.host}. Check the host name.`,
    );
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ConnectorError(
      'host_not_found',
      `Host not found: ${where.host}. Check the host name.`,
    );
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(message))
    return new ConnectorError(
      'timeout',
      `Timed out connecting to ${target}. Check the host and port, and that a firewall lets us in.`,
    );
  if (code === 'ECONNREFUSED')
    return new ConnectorError(
      'refused',
      `Connection refused by ${target}. Check the port, and that the server accepts remote connections.`,
    );
  if (code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return new ConnectorError('remote', `Could not reach ${target} (${String(code)}).`);
  return null;
}
