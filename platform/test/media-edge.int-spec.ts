import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MediaStorage } from '../src/modules/media/media-storage';
import { BASE, edgeRequest, startEdge } from './edge';
import { createTestApp, type TestApp } from './test-app';

describe('the edge: media on the cdn host and same-origin', () => {
  let t: TestApp;
  let site: Server;
  let edge: { port: number; stop: () => Promise<void> };
  let dataDir: string;
  let key: string;
  let bytes: Buffer;
  const cdnHost = () => `cdn.${BASE}:${edge.port}`;
  const get = (host: string, path: string, method = 'GET', headers: Record<string, string> = {}) =>
    edgeRequest(edge.port, method, host, path, headers);

  beforeAll(async () => {
    t = await createTestApp();
    bytes = await sharp({ create: { width: 5, height: 7, channels: 3, background: '#159' } })
      .webp()
      .toBuffer();
    key = (await t.app.get(MediaStorage).put(bytes, 'webp')).key;
    site = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>site</p>'),
    );
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    dataDir = await mkdtemp(join(tmpdir(), 'warraq-edge-'));
    // nginx's workers drop root for an unprivileged user, who must reach the page cache inside.
    await chmod(dataDir, 0o755);
    edge = await startEdge(dataDir, t.port, (site.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await edge?.stop();
    await new Promise<void>((done) => site.close(() => done()));
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves media from the cdn host with immutable caching and nosniff', async () => {
    const res = await get(cdnHost(), `/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body.equals(bytes)).toBe(true);
    const head = await get(cdnHost(), `/media/${key}`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('answers unknown keys with an uncacheable 404', async () => {
    const res = await get(cdnHost(), `/media/${'e'.repeat(64)}.webp`);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('serves nothing but media on the cdn host', async () => {
    for (const path of ['/', '/series/manga/x', '/api/system/ping', '/api/auth/me', '/ws', '/media']) {
      expect([path, (await get(cdnHost(), path)).status]).toEqual([path, 404]);
    }
    const upload = await get(cdnHost(), '/api/media/covers', 'POST', { 'content-type': 'image/png' });
    expect(upload.status).toBe(404);
    expect((await get(cdnHost(), `/media/${key}`, 'DELETE')).status).toBe(403);
  });

  it('keeps media same-origin on every other host, next to the site and the API', async () => {
    for (const host of [`${BASE}:${edge.port}`, `manga.${BASE}:${edge.port}`, `cdn1.${BASE}:${edge.port}`]) {
      const media = await get(host, `/media/${key}`);
      expect([host, media.status, media.headers['cache-control']]).toEqual([
        host,
        200,
        'public, max-age=31536000, immutable',
      ]);
      expect((await get(host, '/')).body.toString()).toBe('<p>site</p>');
      expect((await get(host, '/api/system/ping')).status).toBe(200);
    }
  });
});
