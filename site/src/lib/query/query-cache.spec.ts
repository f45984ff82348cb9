import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '@/lib/api/api-error';
import { QueryCache, keyStartsWith, runMutation, queryCache } from './query-cache';

describe('QueryCache', () => {
  let clock = 1_000_000;
  const now = () => clock;

  beforeEach(() => {
    clock = 1_000_000;
    jest.useFakeTimers({ doNotFake: ['Date'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('matches key prefixes part by part, a string being a one-part key', () => {
    expect(keyStartsWith(['content', 'list', 2], ['content'])).toBe(true);
    expect(keyStartsWith(['content', 'list', 2], 'content')).toBe(true);
    expect(keyStartsWith(['content-admin'], ['content'])).toBe(false);
    expect(keyStartsWith(['content'], ['content', 'list'])).toBe(false);
  });

  it('deduplicates concurrent fetches of one key and stores the answer', async () => {
    const cache = new QueryCache(now);
    const fetcher = jest.fn<() => Promise<unknown>>().mockResolvedValue({ n: 1 });
    cache.setFetcher(['stats'], fetcher);
    await Promise.all([cache.fetch(['stats']), cache.fetch(['stats'])]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.getState(['stats'])).toMatchObject({
      data: { n: 1 },
      status: 'success',
      updatedAt: clock,
    });
  });

  it('keeps the last data while refetching and after a failed refetch', async () => {
    const cache = new QueryCache(now);
    const fetcher = jest.fn<() => Promise<unknown>>().mockResolvedValueOnce('first');
    cache.setFetcher('k', fetcher);
    await cache.fetch('k');
    fetcher.mockRejectedValue(new ApiError(403, 'ممنوع'));
    const pending = cache.fetch('k');
    expect(cache.getState('k')).toMatchObject({ data: 'first', isFetching: true });
    await pending;
    expect(cache.getState('k')).toMatchObject({ data: 'first', status: 'error', isFetching: false });
    // A 403 answers the same way again: it is not retried.
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('retries a network failure once before reporting the error', async () => {
    const cache = new QueryCache(now);
    const fetcher = jest
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(0, 'network'))
      .mockResolvedValueOnce('recovered');
    cache.setFetcher('k', fetcher);
    const pending = cache.fetch('k');
    await jest.advanceTimersByTimeAsync(1_000);
    await pending;
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(cache.getState('k')).toMatchObject({ data: 'recovered', status: 'success' });

    fetcher.mockRejectedValue(new ApiError(502, 'down'));
    const failing = cache.fetch('k');
    await jest.advanceTimersByTimeAsync(1_000);
    await failing;
    expect(fetcher).toHaveBeenCalledTimes(4);
    expect(cache.getState('k').status).toBe('error');
  });

  it('skips a fetch while the data is younger than the asked age', async () => {
    const cache = new QueryCache(now);
    const fetcher = jest.fn<() => Promise<unknown>>().mockResolvedValue(1);
    cache.setFetcher('k', fetcher);
    await cache.fetchIfOlderThan('k', 5_000);
    clock += 4_000;
    await cache.fetchIfOlderThan('k', 5_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
    clock += 1_000;
    await cache.fetchIfOlderThan('k', 5_000);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('invalidation refetches the shown entries under the prefix and marks the others stale', async () => {
    const cache = new QueryCache(now);
    const shown = jest.fn<() => Promise<unknown>>().mockResolvedValue('shown');
    const hidden = jest.fn<() => Promise<unknown>>().mockResolvedValue('hidden');
    const other = jest.fn<() => Promise<unknown>>().mockResolvedValue('other');
    cache.setFetcher(['content', 'list', 1], shown);
    cache.setFetcher(['content', 'list', 2], hidden);
    cache.setFetcher(['users'], other);
    await Promise.all([
      cache.fetch(['content', 'list', 1]),
      cache.fetch(['content', 'list', 2]),
      cache.fetch(['users']),
    ]);
    const unsubscribe = cache.subscribe(['content', 'list', 1], () => undefined);
    cache.subscribe(['users'], () => undefined);

    await cache.invalidate(['content']);
    expect(shown).toHaveBeenCalledTimes(2);
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(cache.isStale(['content', 'list', 2])).toBe(true);
    expect(other).toHaveBeenCalledTimes(1);
    expect(cache.isStale(['users'])).toBe(false);
    unsubscribe();
  });

  it('an invalidation during a fetch fetches again after it', async () => {
    const cache = new QueryCache(now);
    let resolveFirst: (value: string) => void = () => undefined;
    const fetcher = jest
      .fn<() => Promise<unknown>>()
      .mockImplementationOnce(() => new Promise<string>((resolve) => (resolveFirst = resolve)))
      .mockResolvedValueOnce('after');
    cache.setFetcher('k', fetcher);
    cache.subscribe('k', () => undefined);
    const first = cache.fetch('k');
    const invalidated = cache.invalidate('k');
    resolveFirst('before');
    await first;
    await invalidated;
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(cache.getState('k').data).toBe('after');
  });

  it('seeded data counts as fresh until it ages', () => {
    const cache = new QueryCache(now);
    cache.seed('k', 'server', clock - 10_000);
    expect(cache.getState('k')).toMatchObject({ data: 'server', status: 'success' });
    expect(cache.isStale('k', 30_000)).toBe(false);
    expect(cache.isStale('k', 5_000)).toBe(true);
  });

  it('notifies subscribers of every change', async () => {
    const cache = new QueryCache(now);
    const listener = jest.fn<() => void>();
    cache.subscribe('k', listener);
    cache.setFetcher('k', () => Promise.resolve(1));
    await cache.fetch('k');
    // isFetching on, then the answer.
    expect(listener).toHaveBeenCalledTimes(2);
    cache.setData<number>('k', (previous) => (previous ?? 0) + 1);
    expect(cache.getData('k')).toBe(2);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('runMutation', () => {
  beforeEach(() => {
    queryCache.clear();
    jest.useFakeTimers({ doNotFake: ['Date'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('repeats a request that got no answer once, then invalidates the given lists', async () => {
    const list = jest.fn<() => Promise<unknown>>().mockResolvedValue(['a']);
    queryCache.setFetcher(['services'], list);
    queryCache.subscribe(['services'], () => undefined);
    await queryCache.fetch(['services']);

    const mutate = jest
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(0, 'network'))
      .mockResolvedValueOnce({ id: 1 });
    const pending = runMutation(mutate, { invalidates: [['services']] });
    await jest.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toEqual({ id: 1 });
    expect(mutate).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(0);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('does not repeat a request the server answered with an error', async () => {
    const mutate = jest.fn<() => Promise<unknown>>().mockRejectedValue(new ApiError(409, 'موجود'));
    await expect(runMutation(mutate)).rejects.toThrow('موجود');
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('does not repeat an unanswered request the caller marked as not repeatable', async () => {
    const mutate = jest.fn<() => Promise<unknown>>().mockRejectedValue(new ApiError(0, 'network'));
    await expect(runMutation(mutate, { retry: false })).rejects.toThrow('network');
    expect(mutate).toHaveBeenCalledTimes(1);
  });
});
