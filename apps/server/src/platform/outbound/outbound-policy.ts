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

/** An IPv6 address as its eight 16-bit groups (`::` expanded, a dotted tail as two groups). */
function groupsOf(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side ? side.split(':').map((group) => parseInt(group, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : null;
}

const ipv4Of = (high: number, low: number) =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * The IPv4 address an IPv6 one carries, so it is judged as that address: IPv4-mapped
 * (`::ffff:7f00:1`, `::ffff:127.0.0.1`), IPv4-compatible (`::7f00:1`), NAT64 (`64:ff9b::/96`,
 * `64:ff9b:1::/48`) and 6to4 (`2002:7f00:1::`). Null when it carries none.
 */
function embeddedIpv4(address: string): string | null {
  const g = groupsOf(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  // `::` and `::1` are IPv6's own unspecified and loopback addresses, judged as IPv6.
  if (zeros(0, 5) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7]! > 1))))
    return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeros(2, 6) || g[2] === 1)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/** An IPv6 address that carries an IPv4 one is judged as the IPv4 address. */
function normalize(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (isIP(address) !== 6) return { address, family: 'ipv4' };
  const carried = embeddedIpv4(address);
  return carried ? { address: carried, family: 'ipv4' } : { address, family: 'ipv6' };
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
