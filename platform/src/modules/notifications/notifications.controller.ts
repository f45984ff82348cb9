import { Controller } from '@nestjs/common';
import {
  type MarkNotificationsReadBody,
  NOTIFICATION_ROUTES,
  type NotificationListQuery,
  type NotificationListResponse,
} from '@warraq/contracts';
import { RouteBody, RouteQuery } from '../../common/http/route-input';
import { CurrentUser } from '../auth/current-auth.decorator';
import type { AuthUser } from '../auth/request-auth';
import { Route } from '../auth/route.decorator';
import { NotificationsService } from './notifications.service';

/** The signed-in user's own notifications; nobody reads or marks anyone else's. */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Route(NOTIFICATION_ROUTES.list)
  list(
    @CurrentUser() user: AuthUser,
    @RouteQuery() query: NotificationListQuery,
  ): Promise<NotificationListResponse> {
    return this.notifications.list(user.id, query);
  }

  @Route(NOTIFICATION_ROUTES.markRead)
  async markRead(
    @CurrentUser() user: AuthUser,
    @RouteBody() body: MarkNotificationsReadBody,
  ): Promise<{ success: true; unread: number }> {
    return { success: true, unread: await this.notifications.markRead(user.id, body) };
  }
}
