import { SYSTEM_LIMITS, arabicNumber } from '@warraq/contracts';
import { judgeAnswer } from './service-probe';

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
