import { useEffect } from 'react';
import { showToast } from '@/stores/toasts';
import { t } from '@/i18n';

export interface DeniedNoticeProps {
  area: 'dashboard' | 'admin';
}

/** The toast after the server turned a signed-in visitor away from /dashboard or /admin. */
export default function DeniedNotice({ area }: DeniedNoticeProps) {
  useEffect(() => {
    showToast({ title: t.account.denied[area], variant: 'destructive' });
  }, [area]);
  return null;
}
