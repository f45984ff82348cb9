import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '@/lib/api/api-error';
import { $toasts } from '@/stores/toasts';
import { flipped, runOptimisticToggle } from './optimistic-toggle';

type Like = { on: boolean; count: number };

function harness(current: Like) {
  const states: Like[] = [];
  const busy: boolean[] = [];
  return {
    states,
    busy,
    toggle: (request: () => Promise<{ isLiked: boolean; likes: number }>, signedIn = true) =>
      runOptimisticToggle({
        signedIn,
        loginMessage: 'يرجى تسجيل الدخول للإعجاب بالفصل',
        current,
        optimistic: flipped(current),
        set: (state) => states.push(state),
        setBusy: (value) => busy.push(value),
        request,
        settle: (answer) => ({ on: answer.isLiked, count: answer.likes }),
      }),
  };
}

describe('runOptimisticToggle', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the flip at once, then the count the server settled on', async () => {
    const h = harness({ on: false, count: 4 });
    await h.toggle(async () => ({ isLiked: true, likes: 7 }));
    expect(h.states).toEqual([
      { on: true, count: 5 },
      { on: true, count: 7 },
    ]);
    expect(h.busy).toEqual([true, false]);
    expect($toasts.get()).toEqual([]);
  });

  it('rolls back and says why when the server fails', async () => {
    const h = harness({ on: true, count: 1 });
    await h.toggle(async () => {
      throw new ApiError(500, 'فشلت العملية');
    });
    expect(h.states).toEqual([
      { on: false, count: 0 },
      { on: true, count: 1 },
    ]);
    expect($toasts.get().map((toast) => [toast.title, toast.variant])).toEqual([
      ['فشلت العملية', 'destructive'],
    ]);
  });

  it('asks a guest to log in and changes nothing', async () => {
    const h = harness({ on: false, count: 0 });
    const request = jest.fn(async () => ({ isLiked: true, likes: 1 }));
    await h.toggle(request, false);
    expect(request).not.toHaveBeenCalled();
    expect(h.states).toEqual([]);
    expect($toasts.get()[0]?.title).toBe('يرجى تسجيل الدخول للإعجاب بالفصل');
  });

  it('asks to log in again when the session is gone (401)', async () => {
    const h = harness({ on: false, count: 0 });
    await h.toggle(async () => {
      throw new ApiError(401, 'unauthenticated');
    });
    expect(h.states.at(-1)).toEqual({ on: false, count: 0 });
    expect($toasts.get()[0]?.title).toBe('يرجى تسجيل الدخول للإعجاب بالفصل');
  });

  it("says a failure in the caller's own words when it gives them (a comment's like)", async () => {
    const current = { on: false, count: 2 };
    const states: Like[] = [];
    await runOptimisticToggle({
      signedIn: true,
      loginMessage: 'يجب تسجيل الدخول لتتمكن من الإعجاب بالتعليقات',
      current,
      optimistic: flipped(current),
      set: (state) => states.push(state),
      setBusy: () => undefined,
      request: async () => {
        throw new ApiError(500, 'boom');
      },
      settle: () => current,
      failureMessage: () => 'حدث خطأ أثناء تسجيل الإعجاب',
    });
    expect(states.at(-1)).toEqual(current);
    expect($toasts.get().map((toast) => toast.title)).toEqual(['حدث خطأ أثناء تسجيل الإعجاب']);
  });
});

describe('flipped', () => {
  it('never counts below zero', () => {
    expect(flipped({ on: true, count: 0 })).toEqual({ on: false, count: 0 });
  });
});
