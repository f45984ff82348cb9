import { useEffect } from 'react';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';
import type { LoginRequiredReason } from '@/lib/site/route-guard';

export interface LoginRequiredToastProps {
  /** The add form the guest came from. */
  reason: LoginRequiredReason;
}

/** Spec §6: a guest sent here from an add form learns why (toast 'يرجى تسجيل الدخول'). */
export default function LoginRequiredToast({ reason }: LoginRequiredToastProps) {
  useEffect(() => {
    showToast({
      title: t.mangaForm.loginRequired,
      description: reason === 'chapter' ? t.chapterForm.loginRequiredBody : t.mangaForm.loginRequiredBody,
      variant: 'destructive',
      durationMs: 8000,
    });
  }, [reason]);
  return null;
}
