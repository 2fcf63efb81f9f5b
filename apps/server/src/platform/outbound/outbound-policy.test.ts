import { describe, expect, it } from 'vitest';
import {
  HostNotFoundError,
  OutboundRefusedError,
  refusalOf,
  resolveAllowedHost,
} from './outbound-policy.js';

const strict = { allowPrivateHosts: false };
const selfHosted = { allowPrivateHosts: true };

describe('outbound host policy', () => {
  it('always refuses link-local and cloud metadata addresses', () => {
    for (const address of [
      '169.254.169.254',
      'fe80::1',
      '::ffff:169.254.169.254',
      'fd00:ec2::254',
      '0.0.0.0',
    ]) {
      expect(refusalOf(address, selfHosted), address).toMatch(/link-local or metadata/);
    }
  });

  it('refuses loopback and private ranges unless allowed', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '::1',
      'fd12::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(refusalOf(address, strict), address).toMatch(/OUTBOUND_ALLOW_PRIVATE_HOSTS/);
      expect(refusalOf(address, selfHosted), address).toBeNull();
    }
  });

  it('judges an IPv6 address that carries an IPv4 one as that address', () => {
    for (const address of [
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
    ]) {
      expect(refusalOf(address, strict), address).toMatch(/OUTBOUND_ALLOW_PRIVATE_HOSTS/);
      expect(refusalOf(address, selfHosted), address).toBeNull();
    }
    for (const address of ['::a9fe:a9fe', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::'])
      expect(refusalOf(address, selfHosted), address).toMatch(/link-local or metadata/);
    // Public IPv4 inside IPv6 stays public.
    expect(refusalOf('64:ff9b::808:808', strict)).toBeNull();
    expect(refusalOf('::', selfHosted)).toMatch(/link-local or metadata/);
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888']) {
      expect(refusalOf(address, strict), address).toBeNull();
    }
  });

  it('checks the address a name resolves to, not the name', async () => {
    await expect(resolveAllowedHost('localhost', strict)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    await expect(resolveAllowedHost('localhost', selfHosted)).resolves.toMatch(
      /^(127\.0\.0\.1|::1)$/,
    );
    await expect(resolveAllowedHost('[::1]', strict)).rejects.toThrow(/Refused by policy/);
  });

  it('reports a name that does not resolve as not found', async () => {
    await expect(resolveAllowedHost('no-such-host.invalid', strict)).rejects.toBeInstanceOf(
      HostNotFoundError,
    );
  });
});
