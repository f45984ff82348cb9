import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/api-error';

/** Shows the server's field errors (400/409 answers) under the form's own inputs. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = fields.find((candidate) => candidate === field);
    if (name) setError(name, { message });
  }
}
