import { clientAddress, trustedProxyMatcher } from './client-address';

describe('clientAddress (the trust-proxy rule for /ws)', () => {
  const loopback = trustedProxyMatcher(['loopback']);
  const edgeOnly = trustedProxyMatcher(['10.0.0.5', '10.0.1.0/24']);

  it("takes a trusted proxy's X-Forwarded-For, from the right", () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9', loopback)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', '1.1.1.1, 203.0.113.9', loopback)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.5', '203.0.113.9', edgeOnly)).toBe('203.0.113.9');
    expect(clientAddress('10.0.1.77', '203.0.113.9', edgeOnly)).toBe('203.0.113.9');
  });

  it('ignores the header from anyone else', () => {
    expect(clientAddress('198.51.100.4', '127.0.0.1', loopback)).toBe('198.51.100.4');
    expect(clientAddress('10.0.0.6', '203.0.113.9', edgeOnly)).toBe('10.0.0.6');
    expect(clientAddress('127.0.0.1', '203.0.113.9', edgeOnly)).toBe('127.0.0.1');
  });

  it('stops at the first untrusted hop, so a forged left part is never read', () => {
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.4, 127.0.0.2', loopback)).toBe('198.51.100.4');
  });
});
