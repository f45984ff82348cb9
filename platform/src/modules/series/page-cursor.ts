import { ApiError } from '../../common/http/api-error';

/** A page cursor is a row's sort key, as base64url JSON: opaque to clients, checked on the way in. */
export function encodeCursor(sortKey: unknown[]): string {
  return Buffer.from(JSON.stringify(sortKey)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): unknown[] {
  const invalid = () => ApiError.validation({ cursor: ['مؤشر صفحة غير صالح'] });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== length ||
    !value.every((part) => typeof part === 'string' || (typeof part === 'number' && Number.isFinite(part)))
  ) {
    throw invalid();
  }
  return value;
}
