import type { LoginBody } from '@warraq/contracts';
import type { Response } from 'supertest';
import type { TestApp } from './test-app';
import type { TestUser } from './factories/user.factory';

export const BROWSER_ORIGIN = 'http://manga.warraq.localhost';

export function setCookies(res: Response): string[] {
  const raw = res.headers['set-cookie'] as unknown;
  if (!raw) return [];
  return Array.isArray(raw) ? (raw as string[]) : [String(raw)];
}

/** The `warraq_sid=<value>` pair a response set (for a Cookie header), or undefined. */
export function sessionCookieOf(res: Response): string | undefined {
  const line = setCookies(res).find((c) => c.startsWith('warraq_sid=') && !c.startsWith('warraq_sid=;'));
  return line?.split(';')[0];
}

/** Signs in as a browser would (with an Origin) and returns the session cookie pair. */
export async function signIn(
  app: { api: TestApp['api'] },
  user: Pick<TestUser, 'username' | 'password'>,
): Promise<string> {
  const res = await app
    .api()
    .post('/api/auth/login')
    .set('Origin', BROWSER_ORIGIN)
    .send({ username: user.username, password: user.password } satisfies LoginBody);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie;
}
