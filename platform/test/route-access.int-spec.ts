import { Controller, Get, type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { APP_FILTER, APP_GUARD, MetadataScanner, Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { INGEST_MESSAGES, INGEST_PATHS } from '@warraq/contracts';
import request from 'supertest';
import { ACCESS_RULE_KEY } from '../src/common/decorators/access.decorators';
import { ApiExceptionFilter } from '../src/common/filters/api-exception.filter';
import { AccessGuard } from '../src/common/guards/access.guard';
import { ANONYMOUS } from '../src/common/http/request-auth';
import { IdentityService } from '../src/modules/auth/identity.service';
import { createTestApp, type TestApp } from './test-app';

type ControllerClass = new (...args: never[]) => object;
interface ContainerView {
  container: { getModules(): Map<string, { controllers: Map<unknown, { metatype: ControllerClass }> }> };
}

/** Every HTTP route declares @Public(), @Authenticated() or @Roles(...); the guard refuses the rest. */
describe('route access rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every route of the app has an access rule', () => {
    const reflector = t.app.get(Reflector);
    const scanner = new MetadataScanner();
    const missing: string[] = [];
    let count = 0;
    for (const mod of (t.app as unknown as ContainerView).container.getModules().values()) {
      for (const { metatype: controller } of mod.controllers.values()) {
        const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
        for (const name of scanner.getAllMethodNames(controller.prototype)) {
          const handler = (controller.prototype as Record<string, unknown>)[name] as () => void;
          const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
          if (path === undefined) continue;
          count++;
          if (!reflector.getAllAndOverride(ACCESS_RULE_KEY, [handler, controller])) {
            missing.push(
              `${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]} ${base}/${path}`,
            );
          }
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(15);
    expect(missing).toEqual([]);
  });

  it('asks a guest to sign in on every chapter upload route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = {
      declare: t.api().post(INGEST_PATHS.create).send({}),
      file: t
        .api()
        .put(INGEST_PATHS.file(id, 0))
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.from('x')),
      commit: t.api().post(INGEST_PATHS.commit(id)),
      retry: t.api().post(INGEST_PATHS.retry(id)),
      status: t.api().get(INGEST_PATHS.upload(id)),
      delete: t.api().delete(INGEST_PATHS.upload(id)),
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
