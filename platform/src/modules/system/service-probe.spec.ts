import { SYSTEM_LIMITS, arabicNumber } from '@warraq/contracts';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { judgeAnswer, probeService } from './service-probe';

describe('judgeAnswer: a probe is healthy only on a success status in time', () => {
  it.each([200, 204])('HTTP %i answered quickly is healthy', (status) => {
    expect(judgeAnswer(status, 12)).toEqual({
      status: 'healthy',
      latencyMs: 12,
      detail: `الاستجابة ${arabicNumber(status)}`,
    });
  });

  // Finding 6 of the reliability issue: the Media CDN card read Healthy next to HTTP 404.
  it.each([301, 302, 400, 401, 403, 404, 429, 500, 502, 503])('HTTP %i is degraded', (status) => {
    expect(judgeAnswer(status, 12)).toEqual({
      status: 'degraded',
      latencyMs: 12,
      detail: `الاستجابة ${arabicNumber(status)}`,
    });
  });

  it('a slow success is degraded and says so', () => {
    const slow = SYSTEM_LIMITS.probeSlowMs + 1;
    expect(judgeAnswer(200, slow)).toEqual({
      status: 'degraded',
      latencyMs: slow,
      detail: 'الاستجابة ٢٠٠، بطيئة',
    });
  });
});

/**
 * The real probe against real local servers: only a 2xx answered in time is healthy; an error
 * status degrades it; no answer in time, or none at all, leaves it unknown (the worst state).
 */
describe('probeService over HTTP', () => {
  let server: Server;
  let base: string;
  const held: ServerResponse[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/hang') return void held.push(res);
      res.statusCode = req.url === '/ok' ? 200 : req.url === '/broken' ? 500 : 404;
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a 2xx is healthy, a 404 or a 500 degraded', async () => {
    // On a loaded machine the answer may come late: then even the 200 reads degraded ("slow").
    const ok = await probeService(`${base}/ok`);
    expect(ok).toMatchObject({ detail: expect.stringMatching(/^الاستجابة ٢٠٠/) as unknown });
    expect(ok.status).toBe(ok.latencyMs! > SYSTEM_LIMITS.probeSlowMs ? 'degraded' : 'healthy');
    for (const [path, status] of [
      ['/missing', 404],
      ['/broken', 500],
    ] as const) {
      expect(await probeService(`${base}${path}`)).toMatchObject({
        status: 'degraded',
        detail: expect.stringMatching(new RegExp(`^الاستجابة ${arabicNumber(status)}`)) as unknown,
      });
    }
  });

  it('no answer within the timeout, or a refused connection, is unknown', async () => {
    expect(await probeService(`${base}/hang`, 300)).toEqual({
      status: 'unknown',
      latencyMs: null,
      detail: 'لا استجابة خلال ٣٠٠ ملّي ثانية',
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probeService(`http://127.0.0.1:${port}/`)).toMatchObject({
      status: 'unknown',
      latencyMs: null,
    });
  });
});
