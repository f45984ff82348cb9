import type { LoginBody } from '@warraq/contracts';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDGE_BASE_DOMAIN as BASE, edgeRequest, startEdge } from './edge-helpers';
import { createTestApp, type TestApp } from './test-app';

const WRONG: LoginBody = { username: 'nobody_here', password: 'Wrong-Guess-1' };

/**
 * Per-address limits tell whose address the platform saw: the login lock per IP trips after two
 * failures (WARRAQ_LOGIN_MAX_FAILURES_PER_IP=2), for the address it counted them under only.
 */
describe('the client address the platform sees', () => {
  describe('behind the edge (the configuration npm start and production use)', () => {
    let t: TestApp;
    let site: Server;
    let edge: { port: number; stop: () => Promise<void> };
    let dataDir: string;

    beforeAll(async () => {
      t = await createTestApp({ env: { WARRAQ_LOGIN_MAX_FAILURES_PER_IP: '2' } });
      site = createServer((_req, res) => res.writeHead(200).end('site'));
      await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
      dataDir = await mkdtemp(join(tmpdir(), 'warraq-edge-'));
      await chmod(dataDir, 0o755);
      edge = await startEdge(dataDir, [t.port], (site.address() as AddressInfo).port);
    });
    afterAll(async () => {
      await edge?.stop();
      await new Promise<void>((done) => site.close(() => done()));
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const login = (from: string, spoofed: string) =>
      edgeRequest(
        edge.port,
        'POST',
        `manga.${BASE}:${edge.port}`,
        '/api/auth/login',
        { 'content-type': 'application/json', 'x-forwarded-for': spoofed, 'x-real-ip': spoofed },
        from,
        JSON.stringify({ ...WRONG, username: `nobody_${from.replaceAll('.', '_')}` }),
      );

    it('is the real client behind the edge, whatever X-Forwarded-For the client sends', async () => {
      // Each failure claims another address; all of them count against the real one.
      expect((await login('127.3.4.5', '203.0.113.1')).status).toBe(401);
      expect((await login('127.3.4.5', '203.0.113.2')).status).toBe(401);
      expect((await login('127.3.4.5', '203.0.113.3')).status).toBe(429);
      // Another client is not locked out, even claiming to be the locked one.
      expect((await login('127.3.4.6', '127.3.4.5')).status).toBe(401);
    });
  });

  describe('with the edge at a configured address (as production.conf reaches the replicas)', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Only 127.0.0.1 is "the edge"; any other loopback address stands for a client from outside.
      t = await createTestApp({
        env: { WARRAQ_LOGIN_MAX_FAILURES_PER_IP: '2', WARRAQ_TRUSTED_PROXIES: '127.0.0.1' },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    // Straight to the platform from a chosen source address (edgeRequest is a plain HTTP request).
    const login = async (from: string, forwardedFor: string, username: string) =>
      (
        await edgeRequest(
          t.port,
          'POST',
          `127.0.0.1:${t.port}`,
          '/api/auth/login',
          { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          from,
          JSON.stringify({ ...WRONG, username }),
        )
      ).status;

    it("trusts the edge's X-Forwarded-For and ignores anyone else's", async () => {
      // The edge forwards two failures of 198.51.100.7: that client is locked, the edge itself is not.
      expect(await login('127.0.0.1', '198.51.100.7', 'ghost_a')).toBe(401);
      expect(await login('127.0.0.1', '198.51.100.7', 'ghost_b')).toBe(401);
      expect(await login('127.0.0.1', '198.51.100.7', 'ghost_c')).toBe(429);
      expect(await login('127.0.0.1', '198.51.100.8', 'ghost_d')).toBe(401);
    });

    it('counts a client from outside under its own address, whatever it claims', async () => {
      expect(await login('127.8.0.1', '198.51.100.20', 'ghost_e')).toBe(401);
      expect(await login('127.8.0.1', '198.51.100.21', 'ghost_f')).toBe(401);
      expect(await login('127.8.0.1', '198.51.100.22', 'ghost_g')).toBe(429);
      // Claiming to be that locked address from elsewhere changes nothing for anyone.
      expect(await login('127.8.0.2', '127.8.0.1', 'ghost_h')).toBe(401);
    });
  });
});
