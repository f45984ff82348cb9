import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { SYSTEM_MESSAGES } from '@warraq/contracts';
import { ApiError } from '@/lib/api/api-error';
import { failureText } from '@/lib/errors/failure-text';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';

/** The react-hook-form inputs a refused submit's reasons land on. */
export interface FormFieldTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The inputs the server's field errors may name; errors about other fields are not shown here. */
  fields: readonly Path<T>[];
  /** Server field names that differ from the form's (`metadata.author` → `author`). */
  serverFields?: Readonly<Record<string, Path<T>>>;
  /** Where a 409 without field errors lands (a name already taken, a balance too low). */
  conflictField?: Path<T>;
}

/** A form's failure toast (spec §8): its title, and what it says when the server gave no reason. */
export interface FailureToast {
  title: string;
  fallback?: string | ((error: unknown) => string | undefined) | undefined;
  durationMs?: number | undefined;
}

/** Spec §8 for the services, domains and points screens: a toast titled Error with the reason. */
export const SYSTEM_FAILURE: FailureToast = {
  title: t.systemAdmin.errorTitle,
  fallback: SYSTEM_MESSAGES.genericError,
};

/** Shows the server's field errors (400/409 answers) under the form's own inputs. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  target: FormFieldTarget<T>,
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = target.serverFields?.[field] ?? target.fields.find((candidate) => candidate === field);
    if (name) target.setError(name, { message });
  }
  if (target.conflictField && error.status === 409 && Object.keys(error.fieldErrors).length === 0) {
    target.setError(target.conflictField, { message: error.message });
  }
}

/** The failure toast; returns what it said (a form may also show it inline). */
export function showFailureToast(error: unknown, failure: FailureToast): string | undefined {
  const description = failureText(error, failure.fallback);
  showToast({ title: failure.title, description, variant: 'destructive', durationMs: failure.durationMs });
  return description;
}

export type SubmitOutcome<R> = { ok: true; value: R } | { ok: false; message: string | undefined };

/**
 * Sends a form. A refusal puts the server's field errors under the form's inputs and shows the
 * form's failure toast; the outcome says which happened, so the form only writes its success.
 */
export async function submitForm<T extends FieldValues, R>(
  send: () => Promise<R>,
  target: FormFieldTarget<T>,
  failure: FailureToast,
): Promise<SubmitOutcome<R>> {
  try {
    return { ok: true, value: await send() };
  } catch (error) {
    showServerFieldErrors(error, target);
    return { ok: false, message: showFailureToast(error, failure) };
  }
}
