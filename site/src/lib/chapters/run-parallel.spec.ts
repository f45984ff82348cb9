import { describe, expect, it } from '@jest/globals';
import { runParallel } from './run-parallel';

describe('runParallel', () => {
  it('never runs more than the limit at once, and runs every item even when some fail', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runParallel([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      running -= 1;
      if (n === 2) throw new Error('this file failed');
      done.push(n);
    });
    expect(peak).toBe(3);
    expect(done.sort()).toEqual([1, 3, 4, 5, 6, 7]);
  });

  it('resolves at once for no items', async () => {
    await expect(runParallel([], 3, async () => undefined)).resolves.toBeUndefined();
  });
});
