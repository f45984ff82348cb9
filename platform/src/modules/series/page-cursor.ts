import { ApiError } from '../../common/http/api-error';
import type { SortCast } from './series.repository';

/** A page cursor is a row's sort key, as base64url JSON: opaque to clients, checked on the way in. */
export function encodeCursor(sortKey: unknown[]): string {
  return Buffer.from(JSON.stringify(sortKey)).toString('base64url');
}

const INT_RANGE = { int: 2 ** 31 - 1, bigint: Number.MAX_SAFE_INTEGER } as const;
/** What Postgres answers in json_build_array for a timestamptz (ISO 8601 with an offset). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** Whether one part of a cursor is a value of the SQL type its key compares it as. */
function fits(part: unknown, cast: SortCast): boolean {
  switch (cast) {
    case 'text':
      return typeof part === 'string' && part.length <= 1000 && !part.includes('\u0000');
    case 'timestamptz':
      return typeof part === 'string' && TIMESTAMP.test(part) && Number.isFinite(Date.parse(part));
    case 'float8':
      return typeof part === 'number' && Number.isFinite(part);
    case 'int':
    case 'bigint':
      return typeof part === 'number' && Number.isInteger(part) && Math.abs(part) <= INT_RANGE[cast];
  }
}

/**
 * The sort key a cursor names, each part checked against the SQL type it is compared as: a forged
 * cursor is a 400 with a field error, never a query that fails in Postgres.
 */
export function decodeCursor(cursor: string, casts: readonly SortCast[]): unknown[] {
  const invalid = () => ApiError.validation({ cursor: ['مؤشر صفحة غير صالح'] });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== casts.length ||
    !value.every((part, i) => fits(part, casts[i]!))
  )
    throw invalid();
  return value;
}
