import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which outbound hosts the server may connect to on a customer's behalf (database hosts,
 * Redash, later webhooks). The check is on the resolved addresses, not the name, so a name
 * pointing at the metadata service or the loopback is refused as the address itself would be.
 */
export interface OutboundPolicy {
  /** Loopback and private ranges are allowed (self-hosting next to one's own database). */
  allowPrivateHosts: boolean;
}

export class OutboundRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`Refused by policy: ${host} ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

export class HostNotFoundError extends Error {
  constructor(readonly host: string) {
    super(`Host not found: ${host}`);
    this.name = 'HostNotFoundError';
  }
}

function blockList(ranges: readonly [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

/** Never reachable, whatever the configuration: link-local (cloud metadata lives there) and "this host". */
const ALWAYS_REFUSED = blockList([
  ['169.254.0.0', 16, 'ipv4'],
  ['0.0.0.0', 8, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  ['::', 128, 'ipv6'],
  // Cloud metadata outside link-local: AWS's IPv6 endpoint, Alibaba's.
  ['fd00:ec2::254', 128, 'ipv6'],
  ['100.100.100.200', 32, 'ipv4'],
]);

/** Reachable only with `OUTBOUND_ALLOW_PRIVATE_HOSTS=true`. */
const PRIVATE = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
]);

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. */
function normalize(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Why an address is refused, or null when it may be reached. */
export function refusalOf(address: string, policy: OutboundPolicy): string | null {
  const { address: plain, family } = normalize(address);
  if (ALWAYS_REFUSED.check(plain, family)) return 'is a link-local or metadata address';
  if (!policy.allowPrivateHosts && PRIVATE.check(plain, family))
    return 'is a loopback or private address (set OUTBOUND_ALLOW_PRIVATE_HOSTS=true to allow)';
  return null;
}

/**
 * Resolves `host` and checks every address it has; answers the first address, which the
 * caller connects to (not the name again: a second lookup could answer something else).
 */
export async function resolveAllowedHost(host: string, policy: OutboundPolicy): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new HostNotFoundError(host);
    }
  }
  if (addresses.length === 0) throw new HostNotFoundError(host);
  for (const address of addresses) {
    const reason = refusalOf(address, policy);
    if (reason) throw new OutboundRefusedError(host, reason);
  }
  return addresses[0]!;
}
