import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch, type RequestInfo, type RequestInit } from 'undici';
import { resolveAllowedHost, type OutboundPolicy } from './outbound-policy.js';

/**
 * A fetch whose sockets connect only to an address the outbound policy allowed
 * (docs/architecture.md §6): the name is resolved once, at connect time, every address it has
 * is checked, and the socket connects to the checked one. A check before `fetch` followed by
 * fetch's own lookup would let a name answer a public address, then a private one (DNS
 * rebinding). TLS still verifies the certificate against the host name.
 */
export function pinnedFetch(policy: OutboundPolicy) {
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolveAllowedHost(hostname, policy).then(
      (address) => {
        const family = isIP(address);
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
  const dispatcher = new Agent({ connect: { lookup } });
  return (url: RequestInfo, init: RequestInit = {}) => fetch(url, { ...init, dispatcher });
}
