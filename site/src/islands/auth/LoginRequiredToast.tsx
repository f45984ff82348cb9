import { useEffect } from 'react';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';

/** Spec §6: a guest sent here from an add form learns why (toast 'يرجى تسجيل الدخول'). */
export default function LoginRequiredToast() {
  useEffect(() => {
    showToast({
      title: t.mangaForm.loginRequired,
      description: t.mangaForm.loginRequiredBody,
      variant: 'destructive',
      durationMs: 8000,
    });
  }, []);
  return null;
}
