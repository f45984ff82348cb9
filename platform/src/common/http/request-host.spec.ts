import { isForeignRequest, isTrustedOrigin, requestHost } from './request-host';

describe('origin rules', () => {
  it('trusts the base domain, its subdomains on any port, and the request host itself', () => {
    expect(isTrustedOrigin('http://warraq.localhost', '127.0.0.1:3001', 'warraq.localhost')).toBe(true);
    expect(isTrustedOrigin('http://manga.warraq.localhost:8080', '127.0.0.1:3001', 'warraq.localhost')).toBe(
      true,
    );
    expect(isTrustedOrigin('http://127.0.0.1:3001', '127.0.0.1:3001', 'warraq.localhost')).toBe(true);
  });

  it('refuses other sites, look-alikes, other ports of the request host and opaque origins', () => {
    expect(isTrustedOrigin('https://evil.example', '127.0.0.1:3001', 'warraq.localhost')).toBe(false);
    expect(isTrustedOrigin('http://evilwarraq.localhost', '127.0.0.1:3001', 'warraq.localhost')).toBe(false);
    expect(isTrustedOrigin('http://127.0.0.1:9999', '127.0.0.1:3001', 'warraq.localhost')).toBe(false);
    expect(isTrustedOrigin('null', '127.0.0.1:3001', 'warraq.localhost')).toBe(false);
  });

  it('refuses Sec-Fetch-Site: cross-site and allows requests without Origin', () => {
    expect(isForeignRequest({ 'sec-fetch-site': 'cross-site' }, '127.0.0.1', 'warraq.localhost')).toBe(true);
    expect(isForeignRequest({ host: '127.0.0.1:3001' }, '127.0.0.1', 'warraq.localhost')).toBe(false);
  });

  it('reads X-Forwarded-Host only from a loopback peer', () => {
    const headers = { host: '127.0.0.1:3001', 'x-forwarded-host': 'manga.warraq.localhost' };
    expect(requestHost(headers, '127.0.0.1')).toBe('manga.warraq.localhost');
    expect(requestHost(headers, '::ffff:127.0.0.1')).toBe('manga.warraq.localhost');
    expect(requestHost(headers, '203.0.113.7')).toBe('127.0.0.1:3001');
  });
});
