import { Redis } from 'ioredis';
import { isRedisUnavailable } from './redis-errors';

describe('isRedisUnavailable', () => {
  it('recognizes a command refused because the connection is down', async () => {
    // A port nothing listens on, no offline queue: the command fails at once, as in an outage.
    const client = new Redis('redis://127.0.0.1:1/0', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const error = await client.get('k').then(
      () => null,
      (e: unknown) => e,
    );
    client.disconnect();
    expect(isRedisUnavailable(error)).toBe(true);
  });

  it('recognizes a refused connection and a retry limit', () => {
    expect(
      isRedisUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    const limit = new Error('Reached the max retries per request limit (which is 1).');
    limit.name = 'MaxRetriesPerRequestError';
    expect(isRedisUnavailable(limit)).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isRedisUnavailable(new Error('ERR wrong number of arguments'))).toBe(false);
    expect(isRedisUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isRedisUnavailable('Connection is closed')).toBe(false);
  });
});
