import {
  serializeClearedSessionCookie,
  serializeSessionCookie,
  type SessionCookieSettings,
} from './session-cookie';

const settings: SessionCookieSettings = {
  name: 'warraq_sid',
  baseDomain: 'warraq.localhost',
  maxAgeSeconds: 604800,
  secure: false,
};

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ with the idle timeout as Max-Age', () => {
    const cookie = serializeSessionCookie('abc', '127.0.0.1:3001', settings);
    expect(cookie).toMatch(/^warraq_sid=abc;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).not.toContain('Secure');
  });

  it.each(['manga.warraq.localhost', 'warraq.localhost:8080', 'dashboard.warraq.localhost:3001'])(
    'spans the base domain when sent to %s',
    (host) => {
      expect(serializeSessionCookie('abc', host, settings)).toContain('Domain=warraq.localhost');
    },
  );

  it.each(['127.0.0.1:3001', 'localhost', 'evilwarraq.localhost', 'warraq.localhost.evil.com'])(
    'has no Domain when sent to %s',
    (host) => {
      expect(serializeSessionCookie('abc', host, settings)).not.toContain('Domain=');
    },
  );

  it('is Secure in production', () => {
    expect(serializeSessionCookie('abc', 'manga.warraq.localhost', { ...settings, secure: true })).toContain(
      'Secure',
    );
  });

  it('is cleared with Max-Age=0 and the same Domain', () => {
    const cleared = serializeClearedSessionCookie('novel.warraq.localhost', settings);
    expect(cleared).toMatch(/^warraq_sid=;/);
    expect(cleared).toContain('Max-Age=0');
    expect(cleared).toContain('Domain=warraq.localhost');
  });
});
