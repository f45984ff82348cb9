import { useEffect } from 'react';
import { NOTIFICATION_KEYS } from '@/lib/api/notifications';
import { invalidateQueries, setQueryData } from '@/lib/query';
import { sharedRealtime } from '@/lib/realtime/realtime';

/**
 * A `notification` event (sent only to its owner): the unread figure it carries shows at once, and
 * the lists on screen reload so the new one appears at the top.
 */
export function useNotificationEvents(): void {
  useEffect(() => {
    const realtime = sharedRealtime();
    realtime.start();
    return realtime.on('notification', (data) => {
      setQueryData(NOTIFICATION_KEYS.unread, data.unread);
      void invalidateQueries(['notifications', 'list']);
    });
  }, []);
}
