import { type Progress, ProgressThrottle } from './progress-throttle';

describe('ProgressThrottle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const written: Progress[] = [];
    const throttle = new ProgressThrottle(
      async (p) => {
        written.push(p);
      },
      200,
      (e) => {
        throw e;
      },
    );
    return { written, throttle };
  }

  it('writes the first report at once and collapses a burst into one trailing write of the latest', async () => {
    const { written, throttle } = setup();
    throttle.report({ processed: 1, total: 60 });
    for (let i = 2; i <= 20; i++) throttle.report({ processed: i, total: 60 });
    await Promise.resolve();
    expect(written).toEqual([{ processed: 1, total: 60 }]);
    await jest.advanceTimersByTimeAsync(200);
    expect(written).toEqual([
      { processed: 1, total: 60 },
      { processed: 20, total: 60 },
    ]);
  });

  it('settle writes what is pending; cancel drops it', async () => {
    const a = setup();
    a.throttle.report({ processed: 1, total: 3 });
    a.throttle.report({ processed: 2, total: 3 });
    await a.throttle.settle();
    expect(a.written.map((p) => p.processed)).toEqual([1, 2]);

    const b = setup();
    b.throttle.report({ processed: 1, total: 3 });
    b.throttle.report({ processed: 2, total: 3 });
    await b.throttle.cancel();
    await jest.advanceTimersByTimeAsync(1000);
    expect(b.written.map((p) => p.processed)).toEqual([1]);
  });
});
