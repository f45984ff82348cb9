import { DriverException } from '@mikro-orm/core';
import { isDatabaseUnavailable } from './database-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognizes a restart ending sessions, a server starting up and a refused connection', () => {
    expect(
      isDatabaseUnavailable(
        new DriverException(withCode('terminating connection due to administrator command', '57P01')),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('wrapped', { cause: new AggregateError([withCode('refused', 'ECONNREFUSED')]) }),
      ),
    ).toBe(true);
  });

  it('leaves bugs and bad queries alone', () => {
    expect(isDatabaseUnavailable(withCode('syntax error at or near ","', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
