import { Controller, Get, type INestApplication } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { INGEST_MESSAGES, INGEST_ROUTES, routePath } from '@warraq/contracts';
import request from 'supertest';
import { ApiExceptionFilter } from '../src/common/filters/api-exception.filter';
import { AccessGuard } from '../src/modules/auth/access.guard';
import { IdentityService } from '../src/modules/auth/identity.service';
import { ANONYMOUS } from '../src/modules/auth/request-auth';
import { appRoutes } from './app-routes';
import { createTestApp, type TestApp } from './test-app';

/** Every HTTP route gets an access rule from its `@Route(...)`; the guard refuses a route without one. */
describe('route access rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every route of the app has an access rule', () => {
    const routes = appRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((route) => !route.rule).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('asks a guest to sign in on every chapter upload route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = {
      declare: t.api().post(routePath(INGEST_ROUTES.declare)).send({}),
      file: t
        .api()
        .put(routePath(INGEST_ROUTES.file, { id, index: 0 }))
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.from('x')),
      commit: t.api().post(routePath(INGEST_ROUTES.commit, { id })),
      retry: t.api().post(routePath(INGEST_ROUTES.retry, { id })),
      status: t.api().get(routePath(INGEST_ROUTES.upload, { id })),
      delete: t.api().delete(routePath(INGEST_ROUTES.remove, { id })),
    };
    for (const [route, call] of Object.entries(calls)) {
      const res = await call;
      expect({ route, status: res.status, message: res.body.message }).toEqual({
        route,
        status: 401,
        message: INGEST_MESSAGES.loginRequired,
      });
    }
  });
});

describe('a route without an access rule', () => {
  @Controller('naked')
  class NakedController {
    @Get()
    open(): { ok: true } {
      return { ok: true };
    }
  }

  let app: INestApplication;
  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [NakedController],
      providers: [
        { provide: IdentityService, useValue: { resolve: async () => ANONYMOUS } },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is refused with 403 (fail closed)', async () => {
    const res = await request(app.getHttpServer()).get('/naked');
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });
});
