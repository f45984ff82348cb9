import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SYSTEM_MESSAGES } from '@warraq/contracts';
import { ApiError, ApiTimeoutError } from '@/lib/api/api-error';
import { $toasts } from '@/stores/toasts';
import { t } from '@/i18n';
import { SYSTEM_FAILURE, submitForm, type FormFieldTarget } from './form-submit';

type Values = { username: string; email: string; amount: number };

function form(options: Partial<FormFieldTarget<Values>> = {}) {
  const setError = jest.fn();
  const target: FormFieldTarget<Values> = { setError, fields: ['username', 'email'], ...options };
  return { setError, target };
}
const fail = (error: unknown) => () => Promise.reject(error);
const lastToast = () => $toasts.get().at(-1);

beforeEach(() => {
  jest.useFakeTimers();
  $toasts.set([]);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('submitForm', () => {
  it('hands back the answer and shows nothing when the call succeeds', async () => {
    const { setError, target } = form();
    const outcome = await submitForm(() => Promise.resolve({ id: 7 }), target, { title: 'فشل' });
    expect(outcome).toEqual({ ok: true, value: { id: 7 } });
    expect(setError).not.toHaveBeenCalled();
    expect($toasts.get()).toEqual([]);
  });

  it("puts the server's field errors under the form's inputs and ignores fields it does not have", async () => {
    const { setError, target } = form();
    const error = new ApiError(400, 'بيانات غير صالحة', { username: 'الاسم مستخدم', role: 'لا' });
    const outcome = await submitForm(fail(error), target, { title: 'فشل الحفظ' });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('username', { message: 'الاسم مستخدم' });
    expect(outcome).toEqual({ ok: false, message: 'بيانات غير صالحة' });
    expect(lastToast()).toMatchObject({
      title: 'فشل الحفظ',
      description: 'بيانات غير صالحة',
      variant: 'destructive',
    });
  });

  it('maps server field names that differ from the form', async () => {
    const { setError, target } = form({ serverFields: { 'metadata.email': 'email' } });
    await submitForm(fail(new ApiError(400, 'x', { 'metadata.email': 'بريد غير صالح' })), target, {
      title: 'فشل',
    });
    expect(setError).toHaveBeenCalledWith('email', { message: 'بريد غير صالح' });
  });

  it('puts a 409 without field errors on the conflict field, and only there', async () => {
    const { setError, target } = form({ conflictField: 'amount' });
    await submitForm(fail(new ApiError(409, 'الرصيد لا يكفي')), target, SYSTEM_FAILURE);
    expect(setError).toHaveBeenCalledWith('amount', { message: 'الرصيد لا يكفي' });
    expect(lastToast()).toMatchObject({ title: t.systemAdmin.errorTitle, description: 'الرصيد لا يكفي' });

    const plain = form();
    await submitForm(fail(new ApiError(409, 'الرصيد لا يكفي')), plain.target, SYSTEM_FAILURE);
    expect(plain.setError).not.toHaveBeenCalled();
  });

  it("says the form's fallback when the server gave no reason, computed from the error if asked", async () => {
    const { target } = form();
    expect(await submitForm(fail(new ApiError(500, '')), target, SYSTEM_FAILURE)).toEqual({
      ok: false,
      message: SYSTEM_MESSAGES.genericError,
    });
    const byStatus = (error: unknown) => `رمز ${error instanceof ApiError ? error.status : 0}`;
    expect(await submitForm(fail(new ApiError(502, '')), target, { title: 'x', fallback: byStatus })).toEqual(
      { ok: false, message: 'رمز 502' },
    );
    expect(await submitForm(fail(new Error('boom')), target, { title: 'x' })).toEqual({
      ok: false,
      message: undefined,
    });
    expect(lastToast()).toMatchObject({ title: 'x', description: undefined });
  });

  it("says a timeout in Arabic, not the error's own word", async () => {
    const { target } = form();
    const outcome = await submitForm(fail(new ApiTimeoutError()), target, { title: 'x', fallback: 'y' });
    expect(outcome).toEqual({ ok: false, message: t.errors.timeout });
  });

  it("keeps the failure toast for the form's own time", async () => {
    const { target } = form();
    await submitForm(fail(new ApiError(400, 'لا')), target, { title: 'x', durationMs: 8000 });
    jest.advanceTimersByTime(7999);
    expect($toasts.get()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });
});
