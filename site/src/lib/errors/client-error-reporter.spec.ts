import { describe, expect, it, jest } from '@jest/globals';
import { ClientErrorReportBodySchema, SYSTEM_LIMITS, type ClientErrorReportBody } from '@warraq/contracts';
import { MAX_REPORTS_PER_PAGE, buildReport, createErrorReporter } from './client-error-reporter';

const here = { pathname: '/series/manga/x', search: '?page=2' };

function reporter(send = jest.fn((_body: ClientErrorReportBody) => Promise.resolve<unknown>(undefined))) {
  return { report: createErrorReporter({ send, location: () => here }), send };
}

describe('client error reporter', () => {
  it('sends the message, stack, path with query and source', () => {
    const { report, send } = reporter();
    const error = new TypeError('x is undefined');
    expect(report('error', error)).toBe(true);
    expect(send).toHaveBeenCalledWith({
      message: 'TypeError: x is undefined',
      stack: error.stack,
      url: '/series/manga/x?page=2',
      source: 'error',
    });
  });

  it('sends each distinct message once', () => {
    const { report, send } = reporter();
    expect(report('error', new Error('same'))).toBe(true);
    expect(report('unhandledrejection', new Error('same'))).toBe(false);
    expect(report('unhandledrejection', new Error('other'))).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it(`stops after ${MAX_REPORTS_PER_PAGE} reports a page load`, () => {
    const { report, send } = reporter();
    const results = Array.from({ length: MAX_REPORTS_PER_PAGE + 3 }, (_, i) =>
      report('error', new Error(`n${i}`)),
    );
    expect(results.filter(Boolean)).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });

  it('describes rejections with strings and plain values, and skips opaque cross-origin errors', () => {
    const { report, send } = reporter();
    report('unhandledrejection', 'plain text');
    report('unhandledrejection', { code: 42 });
    expect(report('error', 'Script error.')).toBe(false);
    expect(report('error', '   ')).toBe(false);
    expect(send.mock.calls.map(([body]) => body.message)).toEqual(['plain text', '{"code":42}']);
  });

  it('never throws and never reports its own failures', async () => {
    const failing = jest.fn((_body: ClientErrorReportBody) => Promise.reject(new Error('offline')));
    const { report } = reporter(failing);
    expect(report('error', new Error('first'))).toBe(true);
    // The rejected send is handled: no unhandled rejection reaches the page (or the reporter).
    await Promise.resolve();
    const throwing = jest.fn((_body: ClientErrorReportBody): Promise<unknown> => {
      throw new Error('fetch is broken');
    });
    const broken = createErrorReporter({ send: throwing, location: () => here });
    expect(() => broken('error', new Error('second'))).not.toThrow();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => broken('error', cyclic)).not.toThrow();
  });

  it('ignores an error raised while it is reporting', () => {
    const sent: string[] = [];
    let report: ReturnType<typeof createErrorReporter> = () => false;
    report = createErrorReporter({
      location: () => here,
      send: (body) => {
        sent.push(body.message);
        // A synchronous error inside the send lands back in the reporter, as window.onerror would.
        report('error', new Error('from inside the send'));
        return Promise.resolve();
      },
    });
    report('error', new Error('outer'));
    expect(sent).toEqual(['Error: outer']);
  });

  it("keeps the body within the contract's limits, Arabic stacks included", () => {
    const body = buildReport(
      'error',
      { message: 'م'.repeat(5000), stack: 'ب'.repeat(20_000) },
      { pathname: `/${'a'.repeat(3000)}`, search: '' },
    );
    expect(body.message).toHaveLength(SYSTEM_LIMITS.clientErrorMessageMax);
    expect(body.url).toHaveLength(2000);
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThanOrEqual(
      SYSTEM_LIMITS.clientErrorBodyMax,
    );
    expect(body.stack?.length).toBeGreaterThan(1000);
    expect(ClientErrorReportBodySchema.safeParse(body).success).toBe(true);
  });
});
