import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/api-error';
import { applyFieldErrors } from './apply-field-errors';

/**
 * Puts a refused save's reasons on the form's fields: the 400 field errors, and a 409 without
 * field errors (a name already taken) on the field that must be unique.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  uniqueField: Path<T>,
): void {
  applyFieldErrors(error, setError, fields);
  if (error instanceof ApiError && error.status === 409 && Object.keys(error.fieldErrors).length === 0) {
    setError(uniqueField, { message: error.message });
  }
}
