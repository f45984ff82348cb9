import { PROBE_NOT_ALLOWED } from '../src/modules/system/service-probe';
import {
  ClientErrorListResponseSchema,
  DomainListResponseSchema,
  DomainResponseSchema,
  HealthResponseSchema,
  ServiceListResponseSchema,
  ServiceResponseSchema,
  SYSTEM_MESSAGES,
  SystemStatsResponseSchema,
  SYSTEM_ROUTES,
  routePath,
} from '@warraq/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaStorage } from '../src/modules/media/media-storage';
import { RedisService } from '../src/common/redis/redis.service';
import { BROWSER_ORIGIN, signIn } from './auth-helpers';
import { newUser, type TestUser } from './factories/user.factory';
import { Queue } from 'bullmq';
import { bullPrefix } from '../src/jobs/bullmq-connection';
import { QUEUES } from '../src/jobs/job-names';
import { avifJobId, IngestQueue } from '../src/modules/ingest/ingest.queue';
import { createTestApp, type TestApp } from './test-app';

/** A local HTTP service whose answers the test decides: /ok 200, /broken 500, anything else 404. */
async function startFakeService(): Promise<{
  server: Server;
  url: (path: string) => string;
  hits: string[];
}> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    res.statusCode = req.url === '/ok' ? 200 : req.url === '/broken' ? 500 : 404;
    res.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: (path) => `http://probe-target.localhost:${port}${path}`, hits };
}

describe('system: services, domains, health, stats, client errors', () => {
  let t: TestApp;
  let reader: TestUser;
  let moderator: TestUser;
  let admin: TestUser;
  const cookies = new Map<number, string>();
  let fake: Awaited<ReturnType<typeof startFakeService>>;

  beforeAll(async () => {
    fake = await startFakeService();
    // Probes may dial the fake service only; 127.0.0.1's other ports stand for the internal network.
    t = await createTestApp({ env: { WARRAQ_PROBE_ALLOWED_TARGETS: new URL(fake.url('/')).host } });
    reader = await newUser(t.orm);
    moderator = await newUser(t.orm, { role: 'moderator' });
    admin = await newUser(t.orm, { role: 'admin' });
    for (const u of [reader, moderator, admin]) cookies.set(u.id, await signIn(t, u));
  });
  afterAll(async () => {
    await t.close();
    fake.server.close();
  });

  const call = (
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    actor: TestUser | null,
    body?: unknown,
  ) => {
    const req = t.api()[method](path).set('Origin', BROWSER_ORIGIN);
    if (actor) req.set('Cookie', cookies.get(actor.id)!);
    return body === undefined ? req : req.send(body as object);
  };

  describe('services', () => {
    let serviceId: number;

    it('creates with the spec defaults and lists it', async () => {
      const res = await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: ' Manga API ',
        url: fake.url('/ok'),
      });
      expect(res.status).toBe(201);
      const body = ServiceResponseSchema.parse(res.body);
      expect(body.message).toBe(SYSTEM_MESSAGES.serviceCreated);
      expect(body.data).toMatchObject({
        name: 'Manga API',
        type: 'core',
        status: 'active',
        url: fake.url('/ok'),
      });
      serviceId = body.data.id;
      const list = ServiceListResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.services), admin)).body,
      );
      expect(list.data.map((s) => s.id)).toContain(serviceId);
    });

    it('refuses empty and malformed fields with field errors, and a duplicate name', async () => {
      const empty = await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: '  ',
        url: '',
      });
      expect(empty.status).toBe(400);
      expect(empty.body.errors.name).toEqual([SYSTEM_MESSAGES.nameRequired]);
      expect(empty.body.errors.url).toEqual([SYSTEM_MESSAGES.urlRequired]);
      const badUrl = await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'x',
        url: 'javascript:alert(1)',
      });
      expect(badUrl.body.errors.url).toEqual([SYSTEM_MESSAGES.urlInvalid]);
      const badType = await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'y',
        url: fake.url('/'),
        type: 'mail',
      });
      expect(badType.status).toBe(400);
      const extra = await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'z',
        url: fake.url('/'),
        id: 5,
      });
      expect(extra.status).toBe(400);
      const dup = await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'manga api',
        url: fake.url('/'),
      });
      expect(dup.status).toBe(409);
      expect(dup.body.errors).toEqual({ name: [SYSTEM_MESSAGES.serviceNameTaken] });
    });

    it('updates part of a service and answers 404 for an unknown one', async () => {
      const res = await call('put', routePath(SYSTEM_ROUTES.updateService, { id: serviceId }), admin, {
        status: 'degraded',
        type: 'manga',
      });
      expect(res.status).toBe(200);
      expect(ServiceResponseSchema.parse(res.body).data).toMatchObject({
        status: 'degraded',
        type: 'manga',
        name: 'Manga API',
      });
      expect(
        (
          await call('put', routePath(SYSTEM_ROUTES.updateService, { id: 999_999 }), admin, {
            status: 'active',
          })
        ).status,
      ).toBe(404);
      expect((await call('put', '/api/system/services/abc', admin, { status: 'active' })).status).toBe(400);
      expect(
        (await call('put', routePath(SYSTEM_ROUTES.updateService, { id: serviceId }), admin, { name: '' }))
          .status,
      ).toBe(400);
      await call('put', routePath(SYSTEM_ROUTES.updateService, { id: serviceId }), admin, {
        status: 'active',
      });
    });

    it('is for admins only', async () => {
      expect((await call('get', routePath(SYSTEM_ROUTES.services), null)).status).toBe(401);
      expect((await call('get', routePath(SYSTEM_ROUTES.services), moderator)).status).toBe(403);
      expect(
        (
          await call('post', routePath(SYSTEM_ROUTES.createService), moderator, {
            name: 'n',
            url: fake.url('/'),
          })
        ).status,
      ).toBe(403);
      expect(
        (await call('delete', routePath(SYSTEM_ROUTES.deleteService, { id: serviceId }), reader)).status,
      ).toBe(403);
    });

    describe('domains', () => {
      let domainId: number;

      it('starts with the base domain as the locked primary', async () => {
        const list = DomainListResponseSchema.parse(
          (await call('get', routePath(SYSTEM_ROUTES.domains), moderator)).body,
        );
        const primary = list.data.find((d) => d.is_primary);
        expect(primary).toMatchObject({ name: 'warraq.localhost', status: 'active' });
        const edit = await call('put', routePath(SYSTEM_ROUTES.updateDomain, { id: primary!.id }), admin, {
          status: 'inactive',
        });
        expect(edit.status).toBe(409);
        expect(edit.body.message).toBe(SYSTEM_MESSAGES.primaryLocked);
        expect(
          (await call('delete', routePath(SYSTEM_ROUTES.deleteDomain, { id: primary!.id }), admin)).status,
        ).toBe(409);
        const claim = await call('post', routePath(SYSTEM_ROUTES.createDomain), admin, {
          name: 'x.warraq.localhost',
          is_primary: true,
        });
        expect(claim.status).toBe(400);
      });

      it('adds a subdomain linked to a service, with defaults, lower-cased', async () => {
        const res = await call('post', routePath(SYSTEM_ROUTES.createDomain), admin, {
          name: 'Reader.Warraq.localhost',
          service_id: serviceId,
        });
        expect(res.status).toBe(201);
        const body = DomainResponseSchema.parse(res.body);
        expect(body.data).toMatchObject({
          name: 'reader.warraq.localhost',
          service_id: serviceId,
          service_name: 'Manga API',
          is_primary: false,
          ssl_status: 'valid',
          status: 'active',
        });
        domainId = body.data.id;
      });

      it('refuses bad names, unknown services and duplicates', async () => {
        for (const name of ['', 'bad domain', '-x.com', 'a'.repeat(64) + '.com', 'ex_ample.com']) {
          const res = await call('post', routePath(SYSTEM_ROUTES.createDomain), admin, { name });
          expect(res.status).toBe(400);
          expect(res.body.errors.name).toBeDefined();
        }
        const unknown = await call('post', routePath(SYSTEM_ROUTES.createDomain), admin, {
          name: 'new.example.com',
          service_id: 424242,
        });
        expect(unknown.status).toBe(400);
        expect(unknown.body.errors).toEqual({ service_id: [SYSTEM_MESSAGES.unknownService] });
        const dup = await call('post', routePath(SYSTEM_ROUTES.createDomain), admin, {
          name: 'reader.warraq.localhost',
        });
        expect(dup.status).toBe(409);
        expect(dup.body.errors).toEqual({ name: [SYSTEM_MESSAGES.domainNameTaken] });
      });

      it('unlinks its domains when a service is deleted, then deletes the domain', async () => {
        const spare = ServiceResponseSchema.parse(
          (
            await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
              name: 'Spare',
              url: fake.url('/spare'),
            })
          ).body,
        ).data;
        expect(
          (
            await call('put', routePath(SYSTEM_ROUTES.updateDomain, { id: domainId }), admin, {
              service_id: spare.id,
            })
          ).status,
        ).toBe(200);
        const statusOnly = await call('put', routePath(SYSTEM_ROUTES.updateDomain, { id: domainId }), admin, {
          status: 'inactive',
        });
        expect(DomainResponseSchema.parse(statusOnly.body).data).toMatchObject({
          status: 'inactive',
          service_id: spare.id,
          service_name: 'Spare',
        });
        const gone = await call('delete', routePath(SYSTEM_ROUTES.deleteService, { id: spare.id }), admin);
        expect(gone.status).toBe(200);
        expect(gone.body.message).toBe(SYSTEM_MESSAGES.serviceDeleted);
        expect(
          (await call('delete', routePath(SYSTEM_ROUTES.deleteService, { id: spare.id }), admin)).status,
        ).toBe(404);
        const list = DomainListResponseSchema.parse(
          (await call('get', routePath(SYSTEM_ROUTES.domains), admin)).body,
        );
        expect(list.data.find((d) => d.id === domainId)).toMatchObject({
          service_id: null,
          service_name: null,
        });
        expect(
          (
            await call('put', routePath(SYSTEM_ROUTES.updateDomain, { id: domainId }), moderator, {
              status: 'inactive',
            })
          ).status,
        ).toBe(403);
        expect(
          (await call('delete', routePath(SYSTEM_ROUTES.deleteDomain, { id: domainId }), admin)).status,
        ).toBe(200);
        expect(
          (await call('delete', routePath(SYSTEM_ROUTES.deleteDomain, { id: domainId }), admin)).status,
        ).toBe(404);
      });
    });
  });

  describe('health', () => {
    it('probes every part of the platform and every registered service for staff', async () => {
      await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'Broken',
        url: fake.url('/broken'),
      });
      await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'Missing',
        url: fake.url('/missing'),
      });
      await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'Nowhere',
        url: 'http://127.0.0.1:9/',
      });
      await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'Postgres',
        url: 'http://127.0.0.1:5432/',
      });
      await call('post', routePath(SYSTEM_ROUTES.createService), admin, {
        name: 'Off',
        url: fake.url('/off'),
        status: 'inactive',
      });

      expect((await call('get', routePath(SYSTEM_ROUTES.health), reader)).status).toBe(403);
      const res = await call('get', routePath(SYSTEM_ROUTES.health), admin);
      expect(res.status).toBe(200);
      const health = HealthResponseSchema.parse(res.body);
      const component = (name: string) => health.components.find((c) => c.name === name)!;
      for (const name of ['database', 'redis', 'queue', 'storage'])
        expect(component(name).status).toBe('healthy');
      expect(component('queue').detail).toMatch(/في الانتظار ٠/);
      // A chapter's AVIF copies waiting behind the uploads are background work, not an upload waiting.
      const ingest = t.app.get(IngestQueue);
      await ingest.enqueueAvif(999_999);
      // Its delay over (a worker would move it on; none runs here), it waits at the lowest priority.
      const queue = new Queue(QUEUES.ingest, {
        connection: { url: t.config.redis.url },
        prefix: bullPrefix(t.config),
      });
      await (await queue.getJob(avifJobId(999_999)))!.promote();
      await queue.close();
      const withCopies = HealthResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.health), admin)).body,
      );
      expect(withCopies.queue).toMatchObject({ waiting: 0, imageCopies: 1 });
      expect(withCopies.components.find((c) => c.name === 'queue')!.detail).toMatch(/في الانتظار ٠/);
      await ingest.removeJob(avifJobId(999_999));
      // No worker runs in this test: its heartbeat is missing, then present once written.
      expect(component('worker')).toMatchObject({ status: 'unknown' });
      const redis = t.app.get(RedisService);
      await redis.client.set(
        redis.key('worker', 'heartbeat'),
        JSON.stringify({ at: new Date().toISOString(), instanceId: 'w' }),
        'EX',
        30,
      );
      const again = HealthResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.health), moderator)).body,
      );
      expect(again.components.find((c) => c.name === 'worker')).toMatchObject({ status: 'healthy' });
      expect(again.status).toBe('healthy');

      const service = (name: string) => health.services.find((s) => s.name === name)!;
      expect(service('Manga API')).toMatchObject({ status: 'healthy', detail: 'الاستجابة ٢٠٠' });
      expect(service('Broken')).toMatchObject({ status: 'degraded', detail: 'الاستجابة ٥٠٠' });
      // A service that answers 404 is not healthy (the Media CDN card once read Healthy next to HTTP 404).
      expect(service('Missing')).toMatchObject({ status: 'degraded', detail: 'الاستجابة ٤٠٤' });
      // Addresses off the allow-list are never dialled: no port scan of the internal network.
      expect(service('Nowhere')).toMatchObject({
        status: 'unknown',
        latencyMs: null,
        detail: PROBE_NOT_ALLOWED,
      });
      expect(service('Postgres')).toMatchObject({
        status: 'unknown',
        latencyMs: null,
        detail: PROBE_NOT_ALLOWED,
      });
      expect(service('Off')).toMatchObject({ status: 'unknown', configured: 'inactive' });
      // *.localhost names are dialled on loopback with the name as Host; inactive ones are not dialled.
      expect(fake.hits).toContain(`${new URL(fake.url('/')).host} /ok`);
      expect(fake.hits.some((hit) => hit.endsWith('/off'))).toBe(false);

      // A moderator reads every state, and none of the details.
      const seen = HealthResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.health), moderator)).body,
      );
      expect(seen.services.find((s) => s.name === 'Broken')).toMatchObject({
        status: 'degraded',
        detail: null,
      });
      expect([...seen.services, ...seen.components].filter((item) => item.detail !== null)).toEqual([]);
    });

    it('reports the storage as unknown when the store fails', async () => {
      const storage = t.app.get(MediaStorage);
      const original = storage.stat.bind(storage);
      storage.stat = () => Promise.reject(new Error('disk gone'));
      try {
        const health = HealthResponseSchema.parse(
          (await call('get', routePath(SYSTEM_ROUTES.health), admin)).body,
        );
        expect(health.components.find((c) => c.name === 'storage')).toMatchObject({
          status: 'unknown',
          detail: 'disk gone',
        });
        expect(health.status).toBe('unknown');
      } finally {
        storage.stat = original;
      }
    });
  });

  describe('stats', () => {
    it('counts users, API requests, media bytes and active services from their sources', async () => {
      expect((await call('get', routePath(SYSTEM_ROUTES.stats), null)).status).toBe(401);
      const before = SystemStatsResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.stats), moderator)).body,
      );
      const users = await t.orm.em
        .getConnection()
        .execute<{ n: string }[]>('select count(*) as n from "user"');
      expect(before.registeredUsers).toBe(Number(users[0]!.n));
      // Manga API answers 200 and is active; Broken and Missing are degraded; Nowhere and Postgres
      // unknown; Off inactive.
      expect(before.activeServices).toBe(1);
      expect(before.totalServices).toBe(6);

      await newUser(t.orm);
      const storage = t.app.get(MediaStorage);
      const stored = await storage.put(Buffer.from(`media-${Date.now()}`), 'webp');
      for (let i = 0; i < 3; i++) await call('get', '/api/system/version', null);

      const after = SystemStatsResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.stats), moderator)).body,
      );
      expect(after.registeredUsers).toBe(before.registeredUsers + 1);
      expect(after.mediaBytes).toBe(before.mediaBytes + stored.size);
      expect(after.mediaObjects).toBe(before.mediaObjects + 1);
      // The three version calls and the stats call itself.
      expect(after.apiRequests24h).toBeGreaterThanOrEqual(before.apiRequests24h + 4);

      await storage.delete(stored.key);
      const cleaned = SystemStatsResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.stats), moderator)).body,
      );
      expect(cleaned.mediaBytes).toBe(before.mediaBytes);
    });
  });

  it('counts the requests another platform process served once it writes its tally', async () => {
    const read = async () =>
      SystemStatsResponseSchema.parse((await call('get', routePath(SYSTEM_ROUTES.stats), moderator)).body)
        .apiRequests24h;
    const sibling = await t.startSibling();
    const before = await read();
    for (let i = 0; i < 5; i++) expect((await sibling.api().get('/api/system/version')).status).toBe(200);
    // The sibling writes its tally within a second; until then this process cannot see it.
    const deadline = Date.now() + 5_000;
    let after = await read();
    while (after < before + 6 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await read();
    }
    // The five sibling calls, plus at least this process's own stats call.
    expect(after).toBeGreaterThanOrEqual(before + 6);
  });

  describe('client errors', () => {
    it('keeps a cleaned report, with the reporter when signed in, for admins to read', async () => {
      const res = await call('post', routePath(SYSTEM_ROUTES.reportClientError), reader, {
        message: 'TypeError: x is \u202Eundefined\u0007',
        stack: 'at a (b.js:1:2)\nat c',
        url: 'http://manga.warraq.localhost/series/manga/x?page=2#token=secret',
      }).set('User-Agent', 'TestBrowser/1.0');
      expect(res.status).toBe(202);
      await call('post', routePath(SYSTEM_ROUTES.reportClientError), null, {
        message: 'guest error',
        url: '/',
        source: 'unhandledrejection',
      });

      expect((await call('get', routePath(SYSTEM_ROUTES.clientErrors), moderator)).status).toBe(403);
      const list = ClientErrorListResponseSchema.parse(
        (await call('get', routePath(SYSTEM_ROUTES.clientErrors), admin)).body,
      );
      expect(list.data[0]).toMatchObject({
        message: 'guest error',
        username: null,
        source: 'unhandledrejection',
      });
      expect(list.data[1]).toMatchObject({
        message: 'TypeError: x is undefined',
        path: '/series/manga/x?page=2',
        username: reader.username,
        userAgent: 'TestBrowser/1.0',
        stack: 'at a (b.js:1:2)\nat c',
        source: 'error',
      });
    });

    it('refuses malformed, oversized and too frequent reports', async () => {
      expect(
        (await call('post', routePath(SYSTEM_ROUTES.reportClientError), null, { message: '', url: '/' }))
          .status,
      ).toBe(400);
      expect(
        (
          await call('post', routePath(SYSTEM_ROUTES.reportClientError), null, {
            message: 'm',
            url: '/',
            extra: 1,
          })
        ).status,
      ).toBe(400);
      const huge = await call('post', routePath(SYSTEM_ROUTES.reportClientError), null, {
        message: 'm',
        url: '/',
        stack: 's'.repeat(20_000),
      });
      expect(huge.status).toBe(413);
      // Two were accepted above from this address; the limit is 10 a minute.
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push(
          (
            await call('post', routePath(SYSTEM_ROUTES.reportClientError), null, {
              message: `e${i}`,
              url: '/',
            })
          ).status,
        );
      }
      expect(statuses.filter((s) => s === 202).length).toBe(8);
      expect(statuses.slice(-2)).toEqual([429, 429]);
    });
  });
});
