import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefusedError } from './outbound-policy.js';
import { pinnedFetch } from './pinned-fetch.js';

/**
 * The policy is checked where the socket connects (docs/architecture.md §6): a caller that
 * checked nothing before still cannot reach a refused address, and an allowed one is reached
 * at the address the check resolved.
 */
describe('pinnedFetch: the connection goes to the address the policy checked', () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.headers.host}`);
      response.end('ok');
    });
    // Every local address (IPv4 and IPv6): localhost may resolve to either first.
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a loopback name at connect time, with the policy’s reason as the cause', async () => {
    const strict = pinnedFetch({ allowPrivateHosts: false });
    const failure = await strict(`http://localhost:${port}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { cause?: unknown }).cause).toBeInstanceOf(OutboundRefusedError);
    expect(seen).toEqual([]);
  });

  it('reaches an allowed name, keeping its Host header', async () => {
    const open = pinnedFetch({ allowPrivateHosts: true });
    const response = await open(`http://localhost:${port}/`);
    expect(await response.text()).toBe('ok');
    expect(seen).toEqual([`localhost:${port}`]);
  });
});
